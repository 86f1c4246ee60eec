import Foundation
import Testing
import VozTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 25 §3: a card number typed into the event form (purpose `cc-number`, kind text), and every other sensitive
/// purpose, is in no byte of any file the real `voz run` leaves under its home — drafts, transcripts, the technical
/// log — whether the session is completed, refused, ended by end of input or by Ctrl-C.
// Serialized: each case starts real processes.
@Suite(.serialized) struct SensitiveValuesEndToEndTests {
    static let form = "examples/inscribir-evento.json"
    /// A test card the demo service accepts (16 digits, Luhn), and one it refuses; neither is the form's example.
    static let card = "5555 5555 5555 4444"
    static let refusedCard = "5555 5555 5555 4445"
    static let needles = [card, refusedCard, "5555555555554444", "5555555555554445", "5555 5555 5555"]

    /// The event form's card branch up to the submit control: event 1, a contact, 2 seats, one tag, no guests, the
    /// vegetarian menu, the card, no newsletter, the rules accepted.
    static func answers(card: String) -> [String] {
        ["1", "Ana Pérez", "ana@ejemplo.com", "2", "", "voz", "", "no", "2", "1", card, "no", "sí"]
    }

    /// The registrations address with the form's `{evento}` left for the form to fill (a URL would escape it).
    static func url(_ server: DemoServer) -> String {
        server.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            + "/events/{evento}/registrations"
    }

    /// The technical log inside the state folder, beside the drafts (`FormRun` puts the transcript in the home).
    static func extra(_ run: FormRun) -> [String] {
        ["--log", run.stateFolder.appendingPathComponent("tecnico.log").path]
    }

    /// Every needle found in any file under the home folder, as "path: needle".
    static func leaks(_ needles: [String], in run: FormRun) -> [String] {
        run.filesWritten().flatMap { file in
            LeakSearch.needles(needles, foundIn: file.data).map { "\(file.path): \($0)" }
        }
    }

    @Test func aCompletedRegistrationLeavesTheCardInNoFile() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let run = FormRun(form: Self.form)
        defer { run.remove() }
        try FileManager.default.createDirectory(at: run.stateFolder, withIntermediateDirectories: true)
        let output = try await run.run(
            address: Self.url(server), answers: Self.answers(card: Self.card) + [":revisar", ":enviar", "sí"],
            extra: Self.extra(run))
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.lines.contains("10. Número de tarjeta: terminada en 4444."), "\(output.stdout)")
        let written = run.filesWritten().map(\.path)
        #expect(
            written.contains { $0.hasSuffix("transcript.jsonl") } && written.contains { $0.hasSuffix("tecnico.log") })
        #expect(Self.leaks(Self.needles, in: run) == [])
    }

    @Test func aRefusedCardThenEndOfInputKeepsADraftWithoutIt() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let run = FormRun(form: Self.form)
        defer { run.remove() }
        try FileManager.default.createDirectory(at: run.stateFolder, withIntermediateDirectories: true)
        // The service refuses the card; the session then ends with the input, the draft kept.
        let output = try await run.run(
            address: Self.url(server), answers: Self.answers(card: Self.refusedCard) + [":enviar", "sí"],
            extra: Self.extra(run))
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("El número de tarjeta no es válido."))
        let draft = try #require(run.filesWritten().first { $0.path.hasPrefix(run.draftsFolder.path) }, "a draft")
        #expect(String(decoding: draft.data, as: UTF8.self).contains("ana@ejemplo.com"), "the other answers kept")
        #expect(Self.leaks(Self.needles, in: run) == [])
    }

    @Test func ctrlCAfterTheCardLeavesItInNoFile() async throws {
        let run = FormRun(form: Self.form)
        defer { run.remove() }
        try FileManager.default.createDirectory(at: run.stateFolder, withIntermediateDirectories: true)
        let process = try ChildProcess(
            executable: VozProcess.executable.path,
            arguments: [
                "run", VozProcess.packageRoot.appendingPathComponent(Self.form).path, "--url",
                "http://127.0.0.1:9/events/{evento}/registrations", "--speech", "none",
            ] + Self.extra(run) + ["--transcript", run.transcript.path],
            environment: run.environment, input: .pipe, error: .inherited, newProcessGroup: true)
        let typed = Self.answers(card: Self.card).prefix(11).joined(separator: "\n") + "\n"
        // Ctrl-C once the card is answered and the next question asked, input still open.
        let heard = await onOwnThread {
            process.writeInput(Array(typed.utf8))
            return process.readOutput(until: "¿Quieres recibir el boletín?", within: .seconds(20))
        }
        #expect(heard.contains("¿Quieres recibir el boletín?"), "\(heard)")
        process.signal(SIGINT)
        let rest = await onOwnThread { process.readToEnd(upTo: .seconds(60)).output }
        #expect(process.exit == .exited(130), "\(heard)\(String(decoding: rest, as: UTF8.self))")
        let draft = try #require(run.filesWritten().first { $0.path.hasPrefix(run.draftsFolder.path) }, "a draft")
        #expect(String(decoding: draft.data, as: UTF8.self).contains("ana@ejemplo.com"))
        #expect(Self.leaks(Self.needles, in: run) == [])
    }

    /// Every sensitive purpose typed visibly and sent to a server that quotes the whole body back, then left.
    @Test func everySensitivePurposeEchoedBackIsInNoFile() async throws {
        let server = try RecordingServer(echo: true)
        defer { server.stop() }
        var run = FormRun()
        defer { run.remove() }
        let formFile = run.home.appendingPathComponent("pago.json")
        try Data(
            #"""
            {"id": "pago", "title": "Pago", "locale": "es",
             "fields": [
              {"id": "name", "label": "Titular", "required": true, "purpose": "cc-name"},
              {"id": "number", "label": "Tarjeta", "required": true, "purpose": "cc-number"},
              {"id": "exp", "label": "Caducidad", "required": true, "purpose": "cc-exp"},
              {"id": "csc", "label": "Código de seguridad", "kind": "integer", "required": true, "purpose": "cc-csc"},
              {"id": "otp", "label": "Código del SMS", "required": true, "purpose": "one-time-code"},
              {"id": "old", "label": "Clave actual", "required": true, "purpose": "current-password"},
              {"id": "new", "label": "Clave nueva", "required": true, "purpose": "new-password"}
             ],
             "submit": {"label": "Pagar", "url": "http://127.0.0.1:9/pago"}}
            """#.utf8
        ).write(to: formFile)
        run.form = formFile.path
        try FileManager.default.createDirectory(at: run.stateFolder, withIntermediateDirectories: true)
        let values = ["Ana Pérez", Self.card, "11/31", "737", "904417", "vieja-Clave-1", "nueva-Clave-2"]
        let output = try await run.run(
            url: try #require(URL(string: server.baseURL + "/pago")), answers: values + [":revisar", ":enviar"],
            extra: Self.extra(run))
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        #expect(server.requests().count == 1, "sent once")
        #expect(output.lines.contains("2. Tarjeta: terminada en 4444."))
        #expect(output.lines.contains("4. Código de seguridad: oculto, 3 caracteres."))
        let files = run.filesWritten()
        let draft = try #require(files.first { $0.path.hasPrefix(run.draftsFolder.path) }, "a draft")
        #expect(String(decoding: draft.data, as: UTF8.self).contains("Ana P"), "the holder's name is kept")
        let log = try #require(files.first { $0.path.hasSuffix("tecnico.log") })
        #expect(String(decoding: log.data, as: UTF8.self).contains("rejected"), "the echo was logged, redacted")
        #expect(Self.leaks(Array(values.dropFirst()) + Self.needles, in: run) == [])
    }
}
