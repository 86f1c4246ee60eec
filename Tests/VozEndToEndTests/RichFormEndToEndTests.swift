import Foundation
import Testing
import VozKit

/// The inscribir-evento example (nested body, integer and decimal bounds, lists, a branch, constants, a URL
/// parameter) run by the real `voz` against the demo service's registrations endpoint (issue 16).
@Suite(.serialized) struct RichFormEndToEndTests {
    static let form = "examples/inscribir-evento.json"

    static func url(_ server: DemoServer) -> String {
        server.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            + "/events/{evento}/registrations"
    }

    /// Answers up to the payment branch: event 1, a contact, 2 seats, no donation, two tags one per line, two
    /// guests (the second one the service refuses), the vegetarian menu.
    static let start = [
        "1", "Ana Pérez", "ana@ejemplo.com", "2", "", "voz", "spam", "", "sí", "Luis Gil", "luis@ejemplo.com", "",
        "sí", "Eva Ruiz", "eva@blocked.example", "2", "no", "2",
    ]

    @Test func serverErrorsLandOnTheListItemAndTheNestedFieldThenTheCorrectionIsSent() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let answers =
            Self.start + ["1", "4242 4242 4242 4241", "no", "sí", ":enviar", "sí"]
            // The refused tag removed and another added (a value typed at a list is added to it), the refused guest's
            // e-mail corrected in place (issue 36), then the card number.
            + [":quitar 2", "teclado", "", "eva@ejemplo.com", "4242 4242 4242 4242", ":enviar", "sí"]
        let run = try await SessionRun.run(
            form: Self.form, server: server, answers: answers, url: Self.url(server))
        #expect(run.output.status == 0, "\(run.output.standardOutput)\(run.output.standardError)")
        let failed = try #require(run.index { $0.kind == .state && $0.state == .failed })
        // Form order, whatever the server's: the list, the group, then the card.
        #expect(run.transcript[failed].text == "etiquetas,invitados,tarjeta")
        let prompt = try #require(run.index(after: failed) { $0.kind == .prompt })
        #expect(run.transcript[prompt].focus == "etiquetas")
        #expect(run.transcript[prompt].text?.contains("Valor 2: Esta etiqueta no está permitida.") == true)
        // The group's refused member is asked again in place, with its value, as any field is (issue 36).
        let guests = try #require(run.index(after: prompt) { $0.kind == .prompt && $0.focus == "invitados" })
        let asked = run.transcript[guests].text ?? ""
        #expect(asked.contains("Invitado 2 de un máximo de 3: correo"), "\(asked)")
        #expect(asked.contains("No se puede invitar a esta persona."), "\(asked)")
        #expect(asked.contains("eva@blocked.example"), "its value: \(asked)")
        #expect(!asked.contains("¿Añadir invitado "), "\(asked)")
        let card = try #require(run.index(after: guests) { $0.kind == .prompt && $0.focus == "tarjeta" })
        #expect(
            run.transcript[guests..<card].contains { $0.text == "Invitado 2 de un máximo de 3: anotado." },
            "the correction is taken")
        #expect(run.transcript[card].text?.contains("El número de tarjeta no es válido.") == true)
        // The review before the second send reads the corrected e-mail; the service accepted it.
        #expect(
            run.transcript.dropFirst(card).contains {
                $0.text?.contains("Invitado 2: nombre, Eva Ruiz; correo, eva@ejemplo.com") == true
            })
        #expect(run.transcript.last { $0.kind == .state }?.state == .completed)
        // The IBAN of the branch not chosen was never asked.
        #expect(!run.transcript.contains { $0.focus == "iban" })
        // Before input, the seats' bounds in words.
        #expect(
            run.spoken.contains { $0.text?.contains("Escribe un número entero entre 1 y 9.") == true })
    }

    @Test func theBodyIsNestedAndTypedAndTheEventGoesIntoTheAddress() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let answers = Self.start + ["2", "ES91 2100 0418 4502 0005 1332", "sí", "sí", ":enviar", "sí"]
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await SessionRun.run(
            form: Self.form, server: server,
            answers: answers.map { ["spam": "teclado", "eva@blocked.example": "eva@ejemplo.com"][$0] ?? $0 },
            url: Self.url(server))
        #expect(run.output.status == 0, "\(run.output.standardOutput)\(run.output.standardError)")
        #expect(run.output.standardOutput.contains("Inscripción hecha."))
        // `voz reply` names a group's member and a list's item from a server's pointers.
        let reply = try await VozProcess.run(
            [
                "reply", VozProcess.packageRoot.appendingPathComponent(Self.form).path, "--status", "422", "--header",
                "Content-Type: application/problem+json", "--body", "-",
            ],
            input: ##"{"errors":[{"pointer":"#/guests/1/email","detail":"No se puede invitar a esta persona."},"##
                + ##"{"pointer":"#/tags/0","detail":"Esta etiqueta no está permitida."}]}"##,
            environment: VozProcess.environment(home: folder))
        #expect(reply.standardOutput.contains("invitados"), "\(reply.standardOutput)\(reply.standardError)")
        #expect(reply.standardOutput.contains("Invitado 2, correo: No se puede invitar a esta persona."))
        #expect(reply.standardOutput.contains("Valor 1: Esta etiqueta no está permitida."))
    }

    @Test func aURLWithoutTheFormsParameterIsRefused() async throws {
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await VozProcess.run(
            [
                "run", VozProcess.packageRoot.appendingPathComponent(Self.form).path, "--url",
                "http://127.0.0.1:9/registrations", "--speech", "none",
            ], environment: VozProcess.environment(home: folder))
        #expect(output.status == 2)
        #expect(output.standardError.contains("{evento}"))
    }
}
