import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession
@testable import VozSpeech

/// Issue 36: a server's error on a member of a group's item (`guests[0].email`) is corrected in place, as any
/// field is: focus goes to that member of that item, with its value, in form order and the members in their order;
/// the corrected value is what the review reads and what is sent.
@Suite struct SessionGroupCorrectionTests {
    private func run(_ lines: [String], refusal: String) async -> ([String], ScriptedTransport) {
        let transport = ScriptedTransport([
            .reply(
                status: 422, headers: [HTTPHeader(name: "Content-Type", value: "application/json")], body: refusal),
            .reply(status: 201, body: #"{"id":"1"}"#),
        ])
        let printed = LineRecorder()
        let session = Session(
            form: SessionShapesTests.form, localizer: Localizer(language: .es), input: ScriptedLineSource(lines),
            announcer: Announcer(engine: nil, lines: printed), transport: transport)
        _ = await session.run()
        return (printed.lines, transport)
    }

    /// The same three errors as a flat name, as Laravel's dotted name, as nested objects, and as JSON pointers (the
    /// demo service's): given out of order, asked in form order.
    static let refusals = [
        #"{"errors":{"pay":["Elige otra forma de pago."],"guests[1].name":["Falta el apellido."],"guests[0].email":["Ese correo no puede venir."]}}"#,
        #"{"errors":{"pay":["Elige otra forma de pago."],"guests.1.name":["Falta el apellido."],"guests.0.email":["Ese correo no puede venir."]}}"#,
        #"{"errors":{"guests":[{"email":["Ese correo no puede venir."]},{"name":["Falta el apellido."]}],"pay":["Elige otra forma de pago."]}}"#,
        #"{"errors":[{"detail":"Elige otra forma de pago.","source":{"pointer":"/pay"}},{"detail":"Falta el apellido.","source":{"pointer":"/guests/1/name"}},{"detail":"Ese correo no puede venir.","source":{"pointer":"/guests/0/email"}}]}"#,
    ]

    static let answers = ["voz", "", "Ana", "ana@ejemplo.com", "sí", "Luis", "luis@ejemplo.com", "2", ":enviar"]

    @Test(arguments: refusals)
    func aRefusedMemberIsAskedAgainInPlaceWithItsValue(refusal: String) async throws {
        let (lines, transport) = await run(
            Self.answers + ["ana@otro.com", "Luis Gil", "2", ":revisar", ":enviar"], refusal: refusal)
        // First the first failing member in form order: item 1's e-mail, with its value and the server's words once.
        let failed = try #require(lines.firstIndex { $0.hasPrefix("No se pudo enviar el formulario.") }, "\(lines)")
        let first = try #require(lines.dropFirst(failed + 1).first, "\(lines)")
        #expect(first.contains("Invitado 1 de un máximo de 2: correo"), "\(first)")
        #expect(first.hasPrefix("Campo 2 de 3. Invitados"), "\(first)")
        #expect(first.contains("Ese correo no puede venir"), "\(first)")
        #expect(first.contains("ana@ejemplo.com"), "the value it has: \(first)")
        #expect(first.components(separatedBy: "no puede venir").count == 2, "the error said once: \(first)")
        // Then item 2's name, with its value; then the payment, the next failing field.
        let second = try #require(
            lines.first { $0.hasPrefix("Invitado 1 de un máximo de 2: anotado. Invitado 2 de un máximo de 2: nombre") },
            "\(lines)")
        #expect(second.contains("Falta el apellido") && second.contains("Luis"), "\(second)")
        #expect(lines.contains { $0.hasPrefix("Campo 3 de 3. Pago") && $0.contains("Elige otra forma de pago") })
        // The review reads the corrected values and no error.
        #expect(
            lines.contains(
                "2. Invitados: 2 en total. Invitado 1: nombre, Ana; correo, ana@otro.com. Invitado 2: nombre, Luis Gil; correo, luis@ejemplo.com."
            ), "\(lines)")
        // And the corrected values are what is sent.
        let body = transport.requests.last.map { String(decoding: $0.body, as: UTF8.self) } ?? ""
        #expect(transport.requests.count == 2)
        #expect(
            body
                == #"{"tags":["voz"],"guests":[{"name":"Ana","email":"ana@otro.com"},{"name":"Luis Gil","email":"luis@ejemplo.com"}],"pay":"cash"}"#,
            "\(body)")
    }

    /// An optional group emptied with `:borrar` takes its items' server errors with it: a new first item is not
    /// asked again with the old one's error.
    @Test func emptyingTheGroupTakesItsItemsErrorsWithIt() async {
        let text = #"""
            {"id": "fiesta", "title": "Fiesta", "locale": "es",
             "fields": [
              {"id": "guests", "label": "Invitados", "kind": "group", "itemLabel": "Invitado", "path": "guests",
               "rules": {"maxItems": 2},
               "fields": [{"id": "name", "label": "nombre", "required": true},
                          {"id": "email", "label": "correo", "kind": "email", "required": true}]},
              {"id": "pay", "label": "Pago", "kind": "choice", "required": true,
               "options": [{"value": "card", "label": "Tarjeta"}, {"value": "cash", "label": "Efectivo"}]}
             ],
             "submit": {"label": "Enviar", "url": "http://127.0.0.1:9/fiesta"}}
            """#
        guard let form = try? FormFile.decode(data: Data(text.utf8), path: "fiesta.json").form else {
            Issue.record("the fixture does not decode")
            return
        }
        let transport = ScriptedTransport([
            .reply(
                status: 422, headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
                body: #"{"errors":{"guests[0].email":["Ese correo no puede venir."]}}"#)
        ])
        let printed = LineRecorder()
        let session = Session(
            form: form, localizer: Localizer(language: .es),
            input: ScriptedLineSource([
                "sí", "Ana", "ana@ejemplo.com", "no", "2", ":enviar", ":borrar", ":ir Invitados", "sí", "Eva",
                "eva@ejemplo.com", ":salir",
            ]),
            announcer: Announcer(engine: nil, lines: printed), transport: transport)
        _ = await session.run()
        let lines = printed.lines
        #expect(lines.contains("Invitados: vaciado."), "\(lines)")
        let cleared = lines.firstIndex(of: "Invitados: vaciado.") ?? lines.count
        #expect(
            lines.dropFirst(cleared).contains(
                "Invitado 1 de un máximo de 2: anotado. ¿Añadir invitado 2? Responde sí o no."), "\(lines)")
        #expect(!lines.dropFirst(cleared).contains { $0.contains("no puede venir") }, "\(lines)")
    }

    /// An empty line keeps the member's value, as at any field; a value the member refuses is said and asked again.
    /// The same data again is a resend, sent when asked twice, as after any rejection.
    @Test func anEmptyLineKeepsTheValueAndAnInvalidOneIsAskedAgain() async {
        let refusal = #"{"errors":{"guests[0].email":["Ese correo no puede venir."]}}"#
        let (lines, transport) = await run(
            Self.answers + ["ana-otro.com", "", ":enviar", ":enviar"], refusal: refusal)
        #expect(lines.contains { $0.hasPrefix("Invitado 1 de un máximo de 2: correo: falta la arroba.") }, "\(lines)")
        let body = transport.requests.last.map { String(decoding: $0.body, as: UTF8.self) } ?? ""
        #expect(transport.requests.count == 2)
        #expect(body.contains(#"{"name":"Ana","email":"ana@ejemplo.com"}"#), "\(body)")
    }
}
