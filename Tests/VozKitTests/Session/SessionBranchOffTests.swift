import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession
@testable import VozSpeech

/// Issue 36: a field of a branch that is off exists; going to it, or a server naming it, says when it is asked
/// ("asked only when Forma de pago is Tarjeta", labels and the option's label), never "not found".
@Suite struct SessionBranchOffTests {
    static let form: Form = {
        let text = #"""
            {"id": "pago", "title": "Pago", "locale": "es",
             "fields": [
              {"id": "nombre", "label": "Nombre", "required": true},
              {"id": "pago", "label": "Forma de pago", "kind": "choice", "required": true, "path": "payment.method",
               "options": [{"value": "card", "label": "Tarjeta"},
                           {"value": "transfer", "label": "Transferencia bancaria"}]},
              {"id": "tarjeta", "label": "Número de tarjeta", "required": true, "path": "payment.card.number",
               "when": {"field": "pago", "equals": "card"}},
              {"id": "nota", "label": "Nota del pedido", "when": {"field": "nombre"}}
             ],
             "submit": {"label": "Pagar", "url": "http://127.0.0.1:9/pago"}}
            """#
        return (try? FormFile.decode(data: Data(text.utf8), path: "pago.json").form)
            ?? Form(
                id: "broken", title: "broken", fields: [], submit: SubmitSpec(label: "x", url: literalURL("http://x")))
    }()

    private func run(
        _ lines: [String], language: Language = .es, replies: [ScriptedTransport.Step] = []
    ) async -> [String] {
        let printed = LineRecorder()
        let session = Session(
            form: Self.form, localizer: Localizer(language: language), input: ScriptedLineSource(lines),
            announcer: Announcer(engine: nil, lines: printed), transport: ScriptedTransport(replies))
        _ = await session.run()
        return printed.lines
    }

    @Test(arguments: [
        (Language.es, ":ir número de tarjeta", "Número de tarjeta se pregunta solo cuando Forma de pago es Tarjeta."),
        (.es, ":ir tarjeta", "Número de tarjeta se pregunta solo cuando Forma de pago es Tarjeta."),
        (.en, ":go Número", "Número de tarjeta is asked only when Forma de pago is Tarjeta."),
        (.es, ":ir nota", "Nota del pedido se pregunta solo cuando Nombre tiene respuesta."),
    ])
    func goingToAFieldOfABranchThatIsOffSaysWhenItIsAsked(language: Language, line: String, said: String) async {
        let lines = await run([line, ":salir"], language: language)
        let index = lines.firstIndex(of: said)
        #expect(index != nil, "\(lines)")
        #expect(!lines.contains { $0.contains("No encuentro") || $0.contains("cannot find") }, "\(lines)")
        // Then the question again, so the next line is known to answer it.
        if let index, lines.indices.contains(index + 1) {
            #expect(lines[index + 1].contains("Nombre"), "\(lines)")
        }
    }

    @Test func aNameThatIsNoFieldIsStillNotFound() async {
        let lines = await run([":ir teléfono", ":salir"])
        #expect(lines.contains { $0.hasPrefix("No encuentro el campo teléfono.") }, "\(lines)")
    }

    @Test func aServerErrorOnAFieldOfABranchThatIsOffSaysItsCondition() async {
        let reply = ScriptedTransport.Step.reply(
            status: 422, headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
            body: #"{"errors":{"payment.card.number":["Falta la tarjeta."]}}"#)
        let lines = await run(["Ana", "2", ":enviar", ":salir"], replies: [reply])
        #expect(
            lines.contains {
                $0.contains("Número de tarjeta: Falta la tarjeta.")
                    && $0.contains("Número de tarjeta se pregunta solo cuando Forma de pago es Tarjeta.")
            }, "\(lines)")
    }
}
