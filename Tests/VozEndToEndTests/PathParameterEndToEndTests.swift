import Foundation
import Testing

/// Issue 24, item 5: an answer for a path parameter reaches the demo service's router as one segment of the
/// address the form names, whatever it is: `.` and `..` were sent raw and resolved away, so a registration for
/// the event `..` went to `/registrations`. An empty segment is refused before anything is sent.
// Serialized: each case starts real processes, and a burst of them would starve the timing tests of others.
@Suite(.serialized) struct PathParameterEndToEndTests {
    /// A registration whose event is typed, not chosen, and asked only on one branch: on the other the address
    /// would have a gap.
    static let form = #"""
        {
          "id": "registro-libre", "title": "Inscripción libre", "locale": "es",
          "fields": [
            {"id": "tipo", "label": "Tipo", "kind": "choice", "required": true,
             "options": [{"value": "evento", "label": "Un evento"}, {"value": "otro", "label": "Otra cosa"}]},
            {"id": "evento", "label": "Evento", "kind": "text", "required": true, "in": "path",
             "when": {"field": "tipo", "equals": "evento"}},
            {"id": "nombre", "label": "Nombre de contacto", "kind": "text", "required": true, "path": "contact.name"}
          ],
          "submit": {"label": "Inscribirme", "url": "http://127.0.0.1:9/events/{evento}/registrations"}
        }
        """#

    /// Answers the event when there is one, and leaves the branch without it otherwise.
    static func run(event: String?, server: DemoServer) async throws -> SessionRun {
        let lease = TemporaryFolder()
        let path = lease.url.appendingPathComponent("registro-libre.json").path
        try Data(form.utf8).write(to: URL(fileURLWithPath: path))
        let url = server.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let run = try await SessionRun.run(
            form: path, server: server,
            answers: (event.map { ["1", $0] } ?? ["2"]) + ["Ana Pérez", ":enviar", ":salir"],
            url: url + "/events/{evento}/registrations")
        return withExtendedLifetime(lease) { run }
    }

    @Test(arguments: [(".", "/events/%2E/registrations"), ("..", "/events/%2E%2E/registrations")])
    func aDotSegmentStaysInsideTheFormsAddress(event: String, path: String) async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let run = try await Self.run(event: event, server: server)
        #expect(run.output.status == 1, "\(run.output.standardOutput)\(run.output.standardError)")
        let posts = try await server.requests().filter { $0["method"] as? String == "POST" }
        #expect(posts.map { $0["path"] as? String } == [path])
        // The router found no such event: a 404 for this address, not another endpoint's answer.
        #expect(posts.map { $0["status"] as? Int } == [404])
    }

    @Test func anEmptySegmentIsRefusedNamingTheFieldAndNothingIsSent() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let run = try await Self.run(event: nil, server: server)
        #expect(run.output.status == 1)
        let posts = try await server.requests().filter { $0["method"] as? String == "POST" }
        #expect(posts.isEmpty, "\(posts)")
        #expect(
            run.output.standardOutput.contains("La dirección necesita un valor para Evento"),
            "\(run.output.standardOutput)")
    }
}
