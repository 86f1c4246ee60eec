import Foundation
import Testing

/// The real `voz run --answers FILE` with a line the form refuses (issue 36, "a password in the transcript"): the
/// run stops at that line, naming the file and the line, exits 2, and never reads the password line that follows
/// as another try at the e-mail address.
@Suite(.serialized) struct AnswersFileEndToEndTests {
    static let password = "Zq9-contrasena-que-sigue"

    @Test func aRefusedLineStopsTheRunBeforeThePasswordLineIsRead() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let run = FormRun()
        defer { run.remove() }
        let answers = ["Ana Pérez", "ana-example.com", Self.password, "", "", "sí", ":enviar", "sí"]
        let output = try await run.run(url: server.accountsURL, answers: answers)
        #expect(output.status == 2, "exit \(output.status): \(output.stdout) \(output.stderr)")
        let stop = output.lines.last ?? ""
        #expect(stop.contains("answers.txt, línea 2: Correo electrónico: falta la arroba."), "\(output.lines)")
        #expect(stop.contains("Me detengo ahí: corrige esa línea y vuelve a ejecutarlo."), "\(stop)")

        let transcript = try Data(contentsOf: run.transcript)
        #expect(transcript.range(of: Data(Self.password.utf8)) == nil, "the password line is in the transcript")
        #expect(output.standardOutput.range(of: Data(Self.password.utf8)) == nil)
        let events = try HostileText.transcriptEvents(run.transcript)
        let inputs = events.filter { $0["kind"] as? String == "input" }.compactMap { $0["text"] as? String }
        #expect(inputs == ["Ana Pérez", "ana-example.com"], "\(inputs)")
        #expect(try await server.requests().filter { $0["method"] as? String == "POST" }.isEmpty)
    }
}
