import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession
@testable import VozSpeech

/// A multiline field takes several lines, ended by an empty line, as its prompt says (issue 36): it took one, and
/// the second line went to the next field.
@Suite struct SessionMultilineTests {
    static let form = Form(
        id: "nota", title: "Nota", locale: "es",
        fields: [
            Field(id: "notes", label: "Notas", kind: .multiline),
            Field(id: "name", label: "Nombre", required: true),
        ],
        submit: SubmitSpec(label: "Enviar", busyLabel: "Enviando", url: literalURL("http://127.0.0.1:9/nota")))

    private func run(_ lines: [String]) async -> (lines: [String], body: String) {
        let transport = ScriptedTransport([.reply(status: 201, body: #"{"id":"1"}"#)])
        let printed = LineRecorder()
        let session = Session(
            form: Self.form, localizer: Localizer(language: .es), input: ScriptedLineSource(lines),
            announcer: Announcer(engine: nil, lines: printed), transport: transport,
            options: SessionOptions(clock: ManualClock()))
        _ = await session.run()
        return (printed.lines, transport.requests.last.map { String(decoding: $0.body, as: UTF8.self) } ?? "")
    }

    @Test func severalLinesAreOneAnswerEndedByAnEmptyLine() async {
        let (lines, body) = await run(["primera", "segunda", "", "Ana", ":enviar"])
        #expect(body.contains(#""notes":"primera\nsegunda""#), "\(body) \(lines)")
        #expect(body.contains(#""name":"Ana""#), "\(body)")
        #expect(lines.contains("Anotada 1 línea. Escribe otra, o una línea vacía para terminar."), "\(lines)")
        #expect(lines.contains("Anotadas 2 líneas. Escribe otra, o una línea vacía para terminar."), "\(lines)")
        #expect(lines[1].contains("Puedes escribir varias líneas; una línea vacía termina la respuesta."), "\(lines)")
    }

    @Test func aReviewWhileTypingKeepsTheLinesAndAsksForTheNext() async {
        let (lines, body) = await run(["primera", ":revisar", "segunda", "", "Ana", ":enviar"])
        #expect(body.contains(#""notes":"primera\nsegunda""#), "\(body) \(lines)")
        #expect(lines.contains("Notas. Anotada 1 línea. Escribe otra, o una línea vacía para terminar."), "\(lines)")
    }

    @Test func movingAwayKeepsTheLinesTyped() async {
        let (lines, body) = await run(["primera", "segunda", ":siguiente", "Ana", ":enviar"])
        #expect(body.contains(#""notes":"primera\nsegunda""#), "\(body) \(lines)")
        #expect(body.contains(#""name":"Ana""#), "\(body)")
    }

    @Test func anEmptyFirstLineKeepsTheValue() async {
        let (lines, body) = await run(["primera", "", ":anterior", "", "Ana", ":enviar"])
        #expect(body.contains(#""notes":"primera""#), "\(body) \(lines)")
        #expect(body.contains(#""name":"Ana""#), "\(body)")
    }
}
