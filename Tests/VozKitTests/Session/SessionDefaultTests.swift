import Foundation
import Testing
import VozTestSupport
import VozTestTraits

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession

/// Issue 36: a default the prompt announces ("Si lo dejas vacío: Gratis") is the value, however the field was left
/// empty: skipped with `:ir`, never asked because the answers came with `--set`, or answered with an empty line.
@Suite(.timeLimit(.minutes(1)), .ownThread) struct SessionDefaultTests {
    static let form = Form(
        id: "alta", title: "Alta", locale: "es",
        fields: [
            Field(id: "name", label: "Nombre", required: true),
            Field(
                id: "plan", label: "Plan", kind: .choice, required: true, defaultValue: "free",
                options: [FieldOption(value: "free", label: "Gratis"), FieldOption(value: "pro", label: "Pro")]),
            Field(id: "terms", label: "Acepto", kind: .confirm, required: true),
        ],
        submit: SubmitSpec(label: "Crear cuenta", url: literalURL("http://127.0.0.1:9/alta")))

    private func run(
        _ lines: [String], presets: [String: String] = [:]
    ) async throws -> (lines: [String], body: [String: Any]) {
        let transport = ScriptedTransport([.reply(status: 201)])
        let printed = LineRecorder()
        let session = Session(
            form: Self.form, localizer: Localizer(language: .es), input: ScriptedLineSource(lines),
            announcer: Announcer(engine: nil, lines: printed), transport: transport,
            options: SessionOptions(presetAnswers: presets, clock: ManualClock()))
        _ = await session.run()
        let sent = try #require(transport.requests.first?.body, "nothing was sent: \(printed.lines)")
        let body = try #require(try JSONSerialization.jsonObject(with: sent) as? [String: Any])
        return (printed.lines, body)
    }

    @Test func aChoiceSkippedWithGoIsSentAsItsDefaultAndReviewedSo() async throws {
        let (lines, body) = try await run(["Ana", ":ir 3", "sí", ":revisar", ":enviar"])
        #expect(body["plan"] as? String == "free", "\(lines)")
        #expect(lines.contains("2. Plan: Gratis."), "\(lines)")
        #expect(!lines.contains { $0.contains("es obligatorio") })
    }

    @Test func aChoiceNeverAskedBecauseOfPresetsIsSentAsItsDefault() async throws {
        let (lines, body) = try await run([":enviar"], presets: ["name": "Ana", "terms": "sí"])
        #expect(body["plan"] as? String == "free", "\(lines)")
    }

    @Test func anEmptyLineTakesTheDefaultAsBefore() async throws {
        let (_, body) = try await run(["Ana", "", "sí", ":enviar"])
        #expect(body["plan"] as? String == "free")
    }

    @Test func anAnswerWinsOverTheDefault() async throws {
        let (_, body) = try await run(["Ana", "2", "sí", ":enviar"])
        #expect(body["plan"] as? String == "pro")
    }
}
