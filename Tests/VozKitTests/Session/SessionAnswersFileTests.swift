import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession
@testable import VozSpeech

/// An answers file stops at its first refused line, naming the file and the line (issue 36, "a password in the
/// transcript"): every later line was written for a later field, and fed to the refused one instead, the password
/// line became a visible e-mail attempt.
@Suite struct SessionAnswersFileTests {
    static let form = Form(
        id: "cuenta", title: "Cuenta", locale: "es",
        fields: [
            Field(id: "name", label: "Nombre", required: true),
            Field(id: "email", label: "Correo", kind: .email, required: true, placeholder: "ana@ejemplo.com"),
            Field(id: "password", label: "Clave", kind: .secret, required: true),
            Field(id: "tags", label: "Temas", kind: .list, rules: FieldRules(maxLength: 10)),
        ],
        submit: SubmitSpec(label: "Crear cuenta", busyLabel: "Enviando", url: literalURL("http://127.0.0.1:9/a")))

    static let password = "clave-que-nadie-ve"

    private func run(
        _ lines: [String], file: String? = "answers.txt", language: Language = .es
    ) async -> (result: SessionResult, lines: [String], transport: ScriptedTransport) {
        let transport = ScriptedTransport([.reply(status: 201, body: #"{"id":"1"}"#)])
        let printed = LineRecorder()
        let input = file.map { ScriptedLineSource(lines, answersFile: $0) } ?? ScriptedLineSource(lines)
        let session = Session(
            form: Self.form, localizer: Localizer(language: language), input: input,
            announcer: Announcer(engine: nil, lines: printed), transport: transport,
            options: SessionOptions(clock: ManualClock()))
        return (await session.run(), printed.lines, transport)
    }

    @Test func aRefusedLineStopsTheRunNamingTheFileTheLineAndTheField() async {
        let (result, lines, transport) = await run(["Ana", "ana-example.com", Self.password, "", ":enviar"])
        guard case .answerRefused(let refused) = result else {
            Issue.record("expected a refused answer, got \(result): \(lines)")
            return
        }
        #expect(refused.file == "answers.txt" && refused.line == 2)
        #expect(refused.message.hasPrefix("Correo: falta la arroba."))
        let last = lines.last ?? ""
        #expect(last.hasPrefix("answers.txt, línea 2: Correo: falta la arroba."), "\(lines)")
        #expect(
            last.hasSuffix("Me detengo ahí: corrige esa línea y vuelve a ejecutarlo. El formulario no se ha enviado."))
        #expect(!lines.joined().contains(Self.password), "\(lines)")
        #expect(transport.requests.isEmpty)
        let outcome = FormOutcome(result: result, state: .idle, values: FormValues(), form: Self.form)
        #expect(outcome.exitStatus == 2)
    }

    @Test func theStopIsSaidInTheCatalogsLanguage() async {
        let (_, lines, _) = await run(["Ana", "ana-example.com", Self.password], language: .en)
        #expect(lines.last?.hasPrefix("answers.txt, line 2: Correo: ") == true, "\(lines)")
        #expect(lines.last?.hasSuffix("Stopped there: fix that line and run again. The form was not sent.") == true)
    }

    /// A refused list value stops the run too: a card number meant for a later field once landed in a list.
    @Test func aRefusedListValueStopsTheRun() async {
        let (result, lines, _) = await run(
            ["Ana", "ana@example.com", Self.password, "uno", "un tema demasiado largo", "4242 4242 4242 4242"])
        guard case .answerRefused(let refused) = result else {
            Issue.record("expected a refused answer, got \(result): \(lines)")
            return
        }
        #expect(refused.line == 5)
        #expect(lines.last?.hasPrefix("answers.txt, línea 5: Temas: ") == true, "\(lines)")
        #expect(!lines.joined().contains("4242"), "\(lines)")
    }

    @Test func aPersonTypingIsAskedAgain() async {
        let (result, lines, _) = await run(["Ana", "ana-example.com", "ana@example.com", Self.password], file: nil)
        #expect(result == .inputEnded)
        #expect(lines.contains { $0.hasPrefix("Campo 3 de 4. Clave") }, "\(lines)")
    }
}
