import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession
@testable import VozSpeech

/// What a new user met on the bundled event form (issue 25, section 1): a review during list entry lost what was
/// typed, a command at "¿Añadir invitado?" locked the group, a review ended on the wrong place, and an optional field
/// could not be emptied the documented way.
@Suite struct SessionCommandRegressionTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")

    static let form: Form = {
        let path = examples.appendingPathComponent("inscribir-evento.json").path
        return (try? FormFile.load(path: path).form)
            ?? Form(
                id: "broken", title: "broken", fields: [], submit: SubmitSpec(label: "x", url: literalURL("http://x")))
    }()

    /// Evento, nombre, correo, plazas and donativo: the fields before the list.
    static let start = ["1", "Ana", "ana@example.com", "2", ""]
    /// Menú, pago (card), card number, boletín, condiciones, then send and confirm.
    static let end = ["1", "1", "4242 4242 4242 4242", "no", "sí", ":enviar", "sí"]

    private func run(_ lines: [String]) async -> (lines: [String], body: String) {
        let transport = ScriptedTransport([.reply(status: 201, body: #"{"id":"1"}"#)])
        let printed = LineRecorder()
        let session = Session(
            form: Self.form, localizer: Localizer(language: .es), input: ScriptedLineSource(lines),
            announcer: Announcer(engine: nil, lines: printed), transport: transport)
        _ = await session.run()
        return (printed.lines, transport.requests.last.map { String(decoding: $0.body, as: UTF8.self) } ?? "")
    }

    @Test func aReviewDuringListEntryReadsAndKeepsTheValuesSoFar() async {
        let (lines, body) = await run(Self.start + ["uno", ":revisar", "dos", "", "no"] + Self.end)
        #expect(lines.contains("6. Temas que te interesan: 1 valor: uno."), "\(lines)")
        #expect(body.contains(#""tags":["uno","dos"]"#), "\(body)")
    }

    @Test(arguments: [":repetir", ":ayuda", ":donde", ":revisar"], ["sí", "no"])
    func aCommandAtAddAnotherLeavesTheQuestionAnswerable(command: String, answer: String) async {
        let item = answer == "sí" ? ["Luis", "luis@example.com", "", "no"] : []
        let (lines, body) = await run(Self.start + ["", command, answer] + item + Self.end)
        #expect(!lines.contains { $0.contains("ya no caben más") }, "\(lines)")
        let after = lines.firstIndex { $0.hasPrefix("Campo 8 de 11. Menú") }
        #expect(after != nil, "\(lines)")
        if answer == "sí" {
            #expect(body.contains(#""guests":[{"name":"Luis","email":"luis@example.com","role":"#), "\(body)")
        }
    }

    /// A form `voz form` writes from an OpenAPI array of objects: English, "Item", up to 10. ":help" at "Add item
    /// 2?" used to leave "Item: no room for more." with 1 of 10.
    @Test(arguments: [":help", ":repeat", ":where", ":review"])
    func aGeneratedGroupTakesAnotherItemAfterACommand(command: String) async {
        let text = #"""
            {"id": "order", "title": "Order", "locale": "en",
             "fields": [{"id": "items", "label": "Items", "kind": "group", "itemLabel": "Item", "required": true,
               "rules": {"minItems": 1, "maxItems": 10},
               "fields": [{"id": "isbn", "label": "isbn", "required": true},
                          {"id": "qty", "label": "qty", "kind": "integer", "required": true}]}],
             "submit": {"label": "Order", "url": "http://127.0.0.1:9/orders"}}
            """#
        guard let form = try? FormFile.decode(data: Data(text.utf8), path: "order.json").form else {
            Issue.record("the fixture does not decode")
            return
        }
        let transport = ScriptedTransport([.reply(status: 201, body: #"{"id":"1"}"#)])
        let printed = LineRecorder()
        let session = Session(
            form: form, localizer: Localizer(language: .en),
            input: ScriptedLineSource(["9783161484100", "2", command, "yes", "9780306406157", "1", "no", ":submit"]),
            announcer: Announcer(engine: nil, lines: printed), transport: transport)
        _ = await session.run()
        #expect(!printed.lines.contains { $0.contains("no room for more") }, "\(printed.lines)")
        let body = transport.requests.last.map { String(decoding: $0.body, as: UTF8.self) } ?? ""
        #expect(
            body == #"{"items":[{"isbn":"9783161484100","qty":2},{"isbn":"9780306406157","qty":1}]}"#, "\(body)")
    }

    @Test func aReviewEndsWhereFocusIsAndTheNextLineAnswersThatField() async {
        let (lines, body) = await run(["1", ":revisar", "Ana", "ana@example.com", "2", "", "", "no"] + Self.end)
        let start = lines.firstIndex { $0.hasPrefix("Revisión de") } ?? 0
        let review = lines[start...].prefix { !$0.hasPrefix("Campo 2 de") }
        #expect(!review.contains { $0.hasPrefix("Botón Inscribirme") }, "\(lines)")
        #expect(lines.indices.contains(start + review.count), "\(lines)")
        #expect(body.contains(#""name":"Ana""#), "\(body)")
    }

    @Test func anOptionalFieldIsEmptiedWithTheClearCommandThatItsPromptNames() async {
        let (lines, body) = await run(
            ["1", "Ana", "ana@example.com", "2", "5", ":anterior", ":borrar", "", "no"] + Self.end)
        #expect(lines.contains { $0.contains("Valor actual: 5. Para vaciarlo, escribe :borrar.") }, "\(lines)")
        #expect(lines.contains("Donativo en euros: vaciado."), "\(lines)")
        // This form sends an empty optional number as null rather than leaving it out.
        #expect(body.contains(#""donation":null"#), "\(body)")
        #expect(body.contains(#""name":"Ana""#), "\(body)")
    }

    @Test func aSingleSpaceKeepsAnOptionalValueAsAnEmptyLineDoes() async {
        let (_, body) = await run(["1", "Ana", "ana@example.com", "2", "5", ":anterior", " ", "", "no"] + Self.end)
        #expect(body.contains(#""donation":5"#), "\(body)")
    }

    /// The clear command has a name in every language, recognised whatever the session's language, and a required
    /// field says it cannot be emptied instead of emptying it.
    @Test(arguments: Language.allCases)
    func theClearCommandIsNamedInEveryLanguage(language: Language) async {
        let names = SessionCommand.names("command.clear", in: language)
        #expect(!names.isEmpty)
        for name in names {
            #expect(SessionInput(line: ":" + name) == .command(.clear), "\(language): \(name)")
        }
        let (lines, _) = await run(["1", ":" + (names.first ?? "")])
        #expect(
            lines.contains("Nombre de contacto es obligatorio: no se puede vaciar. Escribe otro valor."), "\(lines)")
    }
}
