import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession
@testable import VozSpeech

/// A value typed at a list that holds values is added to them, never put in their place (issue 36, "typed values
/// lost"); a comma can be typed inside a value; one typed line is one announcement.
@Suite struct SessionListValueTests {
    static let form: Form = {
        let text = #"""
            {"id": "charla", "title": "Charla", "locale": "es",
             "fields": [
              {"id": "tags", "label": "Temas", "kind": "list", "rules": {"maxItems": 5}},
              {"id": "note", "label": "Nota"}
             ],
             "submit": {"label": "Enviar", "url": "http://127.0.0.1:9/charla"}}
            """#
        return (try? FormFile.decode(data: Data(text.utf8), path: "charla.json").form)
            ?? Form(
                id: "broken", title: "broken", fields: [], submit: SubmitSpec(label: "x", url: literalURL("http://x")))
    }()

    private func run(
        _ lines: [String], drafts: DraftStore? = nil,
        replies: [ScriptedTransport.Step] = [.reply(status: 201, body: #"{"id":"1"}"#)]
    ) async -> (lines: [String], bodies: [String]) {
        let transport = ScriptedTransport(replies)
        let printed = LineRecorder()
        let session = Session(
            form: Self.form, localizer: Localizer(language: .es), input: ScriptedLineSource(lines),
            announcer: Announcer(engine: nil, lines: printed), transport: transport,
            options: SessionOptions(drafts: drafts, clock: ManualClock()))
        _ = await session.run()
        return (printed.lines, transport.requests.map { String(decoding: $0.body, as: UTF8.self) })
    }

    @Test func aValueTypedAfterRemovingOneIsAddedToTheRest() async {
        let (lines, bodies) = await run([
            "uno", "dos", "tres", "", ":anterior", ":quitar 1", "cuatro", "", "", ":enviar",
        ])
        #expect(bodies.last?.contains(#""tags":["dos","tres","cuatro"]"#) == true, "\(bodies) \(lines)")
        #expect(lines.contains("Anotados 3 valores. Escribe otro, o una línea vacía para terminar."), "\(lines)")
    }

    @Test func aValueTypedAfterComingBackWithGoIsAddedAndThePromptSaysSo() async {
        let (lines, bodies) = await run(["uno", "dos", "", "hola", ":ir 1", "tres", "", "", ":enviar"])
        #expect(bodies.last?.contains(#""tags":["uno","dos","tres"]"#) == true, "\(bodies) \(lines)")
        let back = lines.last { $0.hasPrefix("Campo 1 de 2. Temas.") } ?? ""
        #expect(back.contains("Valor actual: 2 valores: uno y dos."), "\(back)")
        #expect(back.contains("Escribe otro para añadirlo, o una línea vacía para dejarlos así."), "\(back)")
    }

    @Test func aValueTypedAfterAServerErrorOnTheListIsAdded() async {
        let problem = #"{"title":"Datos no válidos","status":422,"errors":{"tags":["Falta un tema más."]}}"#
        let (lines, bodies) = await run(
            ["uno", "dos", "", "hola", ":enviar", "tres", "", ":enviar"],
            replies: [
                .reply(
                    status: 422, headers: [HTTPHeader(name: "Content-Type", value: "application/problem+json")],
                    body: problem),
                .reply(status: 201, body: #"{"id":"1"}"#),
            ])
        #expect(bodies.count == 2, "\(lines)")
        #expect(bodies.last?.contains(#""tags":["uno","dos","tres"]"#) == true, "\(bodies) \(lines)")
    }

    /// A line of several values at a list that holds some adds them all, and is answered once: "teclado, braille"
    /// was announced twice, once a value.
    @Test func aLineOfSeveralValuesIsAddedAndAnnouncedOnce() async {
        let (lines, bodies) = await run(["uno", "teclado, braille", "", "", ":enviar"])
        #expect(bodies.last?.contains(#""tags":["uno","teclado","braille"]"#) == true, "\(bodies) \(lines)")
        let typed = lines.firstIndex(of: "Anotado 1 valor. Escribe otro, o una línea vacía para terminar.")
        let next = lines.firstIndex { $0.hasPrefix("Campo 2 de 2.") }
        #expect(typed != nil && next != nil, "\(lines)")
        if let typed, let next {
            #expect(
                Array(lines[(typed + 1)..<next])
                    == ["Anotados 3 valores. Escribe otro, o una línea vacía para terminar."], "\(lines)")
        }
    }

    /// Full, the prompt does not offer another, and a value typed is refused with how to make room.
    @Test func aFullListRefusesAnotherValueAndKeepsItsOwn() async {
        let (lines, bodies) = await run(["a", "b", "c", "d", "e", ":anterior", "f", "", "", ":enviar"])
        let back = lines.last { $0.hasPrefix("Campo 1 de 2. Temas.") } ?? ""
        #expect(!back.contains("Escribe otro para añadirlo"), "\(back)")
        #expect(lines.contains { $0.hasPrefix("Temas: ya no caben más. Quita uno con :quitar") }, "\(lines)")
        #expect(bodies.last?.contains(#""tags":["a","b","c","d","e"]"#) == true, "\(bodies) \(lines)")
    }

    @Test func clearIsTheWayToEmptyAListThatHoldsValues() async {
        let (lines, bodies) = await run(["uno", "", ":anterior", ":borrar", "", ":enviar"])
        #expect(lines.contains("Temas: vaciado."), "\(lines)")
        #expect(bodies.last.map { !$0.contains(#""tags""#) } == true, "\(bodies)")
    }

    @Test func aBackslashKeepsACommaInsideAValue() async {
        let (lines, bodies) = await run([#"Faster start-up\, by half, teclado"#, "", ":enviar"])
        #expect(
            bodies.last?.contains(#""tags":["Faster start-up, by half","teclado"]"#) == true, "\(bodies) \(lines)")
        #expect(
            lines.contains { $0.contains("Para una coma dentro de un valor, escribe una barra invertida delante.") })
    }

    /// A value with a comma is kept as one value by a draft and a restore, where the list is kept as typed.
    @Test func aValueWithACommaComesBackFromADraftAsOneValue() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-list-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let drafts = DraftStore(folder: folder.path)
        _ = await run(["uno", #"dos\, tres"#], drafts: drafts)
        let printed = LineRecorder()
        let transport = ScriptedTransport([.reply(status: 201, body: #"{"id":"1"}"#)])
        let session = Session(
            form: Self.form, localizer: Localizer(language: .es), input: ScriptedLineSource(["sí", ":enviar"]),
            announcer: Announcer(engine: nil, lines: printed), transport: transport,
            options: SessionOptions(drafts: drafts, interactive: true, clock: ManualClock()))
        _ = await session.run()
        let body = transport.requests.last.map { String(decoding: $0.body, as: UTF8.self) } ?? ""
        #expect(body.contains(#""tags":["uno","dos, tres"]"#), "\(body) \(printed.lines)")
    }

    @Test(arguments: [
        ["a, b", "c;d"], [#"C:\docs"#, "x"], [#"ends in \"#, "next"], [#"\,"#], ["plain"],
    ])
    func typedItemsReadBackAsTheSameItems(items: [String]) {
        #expect(ListWording.items(ListWording.typed(items)) == items)
    }
}
