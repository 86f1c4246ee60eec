import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession
@testable import VozSpeech

/// Lists, repeatable groups and branches in a session: what is asked, what is said, what is sent and what a
/// draft keeps (issue 16).
@Suite struct SessionShapesTests {
    static let form: Form = {
        let text = #"""
            {"id": "fiesta", "title": "Fiesta", "locale": "es",
             "fields": [
              {"id": "tags", "label": "Temas", "kind": "list", "rules": {"maxItems": 3, "uniqueItems": true}},
              {"id": "guests", "label": "Invitados", "kind": "group", "itemLabel": "Invitado", "path": "guests",
               "rules": {"minItems": 1, "maxItems": 2},
               "fields": [{"id": "name", "label": "nombre", "required": true},
                          {"id": "email", "label": "correo", "kind": "email", "required": true}]},
              {"id": "pay", "label": "Pago", "kind": "choice", "required": true,
               "options": [{"value": "card", "label": "Tarjeta"}, {"value": "cash", "label": "Efectivo"}]},
              {"id": "card", "label": "Tarjeta", "required": true, "path": "card.number",
               "when": {"field": "pay", "equals": "card"}}
             ],
             "submit": {"label": "Enviar", "url": "http://127.0.0.1:9/fiesta"}}
            """#
        // A broken fixture fails every test that uses it, with the decoder's sentence.
        return (try? FormFile.decode(data: Data(text.utf8), path: "fiesta.json").form)
            ?? Form(
                id: "broken", title: "broken", fields: [], submit: SubmitSpec(label: "x", url: literalURL("http://x")))
    }()

    private func run(
        _ lines: [String], drafts: DraftStore? = nil, interactive: Bool = false,
        replies: [ScriptedTransport.Step] = [.reply(status: 201, body: #"{"id":"1"}"#)]
    ) async -> ([String], ScriptedTransport) {
        let transport = ScriptedTransport(replies)
        let printed = LineRecorder()
        let session = Session(
            form: Self.form, localizer: Localizer(language: .es), input: ScriptedLineSource(lines),
            announcer: Announcer(engine: nil, lines: printed), transport: transport,
            options: SessionOptions(drafts: drafts, interactive: interactive))
        _ = await session.run()
        return (printed.lines, transport)
    }

    static let answers = [
        "voz", "teclado", "voz", "", "Ana", "ana@ejemplo.com", "sí", "Luis", "luis-ejemplo.com", "luis@ejemplo.com",
        "2",
    ]

    /// A generated form's item word is the description's (English) noun: no language's question puts an article or
    /// an agreeing word beside it ("¿Añadir un guest?" mixed two languages).
    @Test(arguments: [
        (Language.es, "¿Añadir guest? Responde sí o no.", "¿Añadir guest 2? Responde sí o no."),
        (.en, "Add guest? Answer yes or no.", "Add guest 2? Answer yes or no."),
        (.fr, "Ajouter guest ? Répondez oui ou non.", "Ajouter guest 2 ? Répondez oui ou non."),
        (.it, "Aggiungere guest? Rispondi sì o no.", "Aggiungere guest 2? Rispondi sì o no."),
        (.de, "guest hinzufügen? Antworte ja oder nein.", "guest 2 hinzufügen? Antworte ja oder nein."),
        (.ptBR, "Adicionar guest? Responda sim ou não.", "Adicionar guest 2? Responda sim ou não."),
    ])
    func theAddQuestionLeavesAForeignItemWordAlone(language: Language, first: String, another: String) {
        let localizer = Localizer(language: language)
        #expect(localizer.text("session.group.addFirst", ["item": "guest", "number": "1"]) == first)
        #expect(localizer.text("session.group.addAnother", ["item": "guest", "number": "2"]) == another)
    }

    @Test func aListIsEnteredOnePerLineAndAGroupItemByItemUntilFull() async {
        let (lines, transport) = await run(Self.answers + [":enviar"])
        #expect(lines.contains("Anotados 2 valores. Escribe otro, o una línea vacía para terminar."))
        #expect(lines.contains { $0.hasPrefix("Temas: el valor 3, voz, está repetido") })
        #expect(
            lines.contains {
                $0.hasPrefix("Campo 2 de 3. Invitados. De 1 a 2.")
                    && $0.hasSuffix("Invitado 1 de un máximo de 2: nombre, obligatorio.")
            })
        #expect(lines.contains("Invitado 1 de un máximo de 2: anotado. ¿Añadir invitado 2? Responde sí o no."))
        #expect(lines.contains { $0.hasPrefix("Invitado 2 de un máximo de 2: correo: falta la arroba.") })
        // Full at two: focus goes on to the payment, and the cash branch asks nothing more.
        #expect(lines.contains("Invitado 2 de un máximo de 2: anotado."))
        #expect(!lines.contains { $0.contains("Campo 4") })
        let body = transport.requests.first.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(
            body
                == #"{"tags":["voz","teclado"],"guests":[{"name":"Ana","email":"ana@ejemplo.com"},{"name":"Luis","email":"luis@ejemplo.com"}],"pay":"cash"}"#
        )
    }

    @Test func removingAGroupItemAndAnErrorOnAMemberOfAnItem() async {
        let reply = ScriptedTransport.Step.reply(
            status: 422, headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
            body: #"{"errors":{"guests.1.email":["Ese correo no puede venir."],"card.number":["Tarjeta rechazada."]}}"#)
        let (lines, transport) = await run(
            Self.answers.dropLast() + ["1", "4242", ":enviar", ":quitar 2", "no", "4242 4242", ":enviar"],
            replies: [reply, .reply(status: 201, body: #"{"id":"1"}"#)])
        // The refused member is asked again in place (issue 36); removing its item is still a way out.
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "Campo 2 de 4. Invitados. Invitado 2 de un máximo de 2: correo, obligatorio, no válido: "
                        + "Ese correo no puede venir.")
            }, "\(lines)")
        #expect(
            lines.contains(
                "Invitado 2, nombre, Luis; correo, luis@ejemplo.com: quitado. Queda 1. ¿Añadir invitado 2? Responde sí o no."
            ))
        #expect(lines.contains { $0.hasPrefix("Campo 4 de 4. Tarjeta, obligatorio, no válido: Tarjeta rechazada.") })
        let body = transport.requests.last.map { String(decoding: $0.body, as: UTF8.self) } ?? ""
        #expect(body.contains(#""guests":[{"name":"Ana","email":"ana@ejemplo.com"}]"#))
        #expect(body.contains(#""card":{"number":"4242 4242"}"#))
    }

    /// Issue 25, section 5: "Campo 3 de 3" became "Campo 4 de 4" when the card branch opened, unexplained. The count
    /// is the fields that apply to the answers so far, and its change is said before the next question; a branch
    /// that closes again is said too.
    @Test func aBranchThatChangesTheFieldCountIsSaid() async {
        let (lines, _) = await run(Self.answers.dropLast() + ["1", ":anterior", "2", ":salir"])
        #expect(lines.contains("El formulario tiene ahora 4 campos. Campo 4 de 4. Tarjeta, obligatorio."), "\(lines)")
        let closed = lines.firstIndex { $0.hasPrefix("El formulario tiene ahora 3 campos.") }
        #expect(closed != nil, "\(lines)")
        #expect(lines.filter { $0.contains("tiene ahora") }.count == 2)
    }

    @Test func aValueEnteredByMistakeIsRemovedBeforeTheListEnds() async {
        let (lines, transport) = await run(
            ["voz", "tecldo", ":quitar 2", "teclado", ""] + Self.answers.dropFirst(4) + [":enviar"])
        #expect(lines.contains("Valor 2, tecldo: quitado. Queda 1."))
        let body = transport.requests.first.map { String(decoding: $0.body, as: UTF8.self) } ?? ""
        #expect(body.hasPrefix(#"{"tags":["voz","teclado"],"#))
    }

    @Test func reviewReadsItemsAndOnlyTheFieldsThatApply() async {
        let (lines, _) = await run(Self.answers + [":revisar"])
        #expect(lines.contains("1. Temas: 2 valores: voz y teclado."))
        #expect(
            lines.contains(
                "2. Invitados: 2 en total. Invitado 1: nombre, Ana; correo, ana@ejemplo.com. Invitado 2: nombre, Luis; correo, luis@ejemplo.com."
            ))
        #expect(lines.contains("3. Pago: Efectivo."))
        #expect(!lines.contains { $0.hasPrefix("4.") })
    }

    @Test func aDraftKeepsListsAndGroupsAndRestoresThem() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-shapes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let drafts = DraftStore(folder: folder.path).scoped(to: Self.form.submit)
        _ = await run(Self.answers.dropLast() + [":salir"], drafts: drafts)
        let draft = try #require(drafts.load(formID: "fiesta"))
        #expect(draft.answers["tags"] == "voz, teclado")
        #expect(draft.answers["guests"]?.contains("luis@ejemplo.com") == true)
        let (lines, _) = await run(["sí", ":revisar"], drafts: drafts, interactive: true)
        #expect(
            lines.contains(
                "2. Invitados: 2 en total. Invitado 1: nombre, Ana; correo, ana@ejemplo.com. Invitado 2: nombre, Luis; correo, luis@ejemplo.com."
            ))
        #expect(lines.contains { $0.hasPrefix("Campo 3 de 3. Pago, obligatorio.") })
    }
}
