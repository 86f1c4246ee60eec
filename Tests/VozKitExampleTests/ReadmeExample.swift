import Foundation
import VozKit

/// Builds a sign-up form in code and runs the spoken session over it: prompts, local checks, sending with an
/// idempotency key, translated server errors, focus on the first failing field.
func signUp(at url: URL, answers: [String]) async -> (SessionResult, [String]) {
    let form = Form(
        id: "sign-up",
        title: "Sign up",
        locale: "en",
        fields: [
            Field(id: "name", label: "Full name", required: true, hint: "As on your ID.", purpose: "name"),
            Field(id: "email", label: "E-mail", kind: .email, required: true, placeholder: "ana@example.com"),
            Field(id: "password", label: "Password", kind: .secret, required: true, rules: FieldRules(minLength: 8)),
            Field(id: "terms", label: "I accept the terms", kind: .confirm, required: true),
        ],
        submit: SubmitSpec(label: "Sign up", busyLabel: "Signing up", url: url))
    let printed = LineRecorder()
    // No engine: text only. Pass an EspeakEngine (see SpeechSetup) to speak as well.
    let announcer = Announcer(engine: nil, lines: printed)
    let session = Session(
        form: form, localizer: Localizer(language: .en), input: ScriptedLineSource(answers),
        announcer: announcer, transport: CurlTransport())
    let result = await session.run()
    return (result, printed.lines)
}
