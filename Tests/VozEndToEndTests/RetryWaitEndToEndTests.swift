import Foundation
import Testing
import VozKit

/// The real `voz` against the demo service whose proxy answers the first send 503 with `Retry-After: 1` (issue 36,
/// the second newcomer's N5): a change typed after `:reintentar`, while the wait runs, is the data that is sent.
@Suite(.serialized) struct RetryWaitEndToEndTests {
    @Test func aChangeTypedDuringTheRetryWaitIsWhatTheServerGets() async throws {
        let server = try await DemoServer.start(arguments: ["--unavailable", "1"])
        defer { server.stop() }
        let first = "ana-\(UUID().uuidString.prefix(8))@example.com"
        let corrected = "ana.perez-\(UUID().uuidString.prefix(8))@example.com"
        let run = try await SessionRun.run(
            server: server,
            answers: SessionRun.spanishAnswers(email: first) + [":reintentar", ":ir 2", corrected, ":enviar", "sí"])
        #expect(run.output.status == 0, "\(run.output.standardOutput)")
        let spoken = run.spoken.compactMap(\.text)
        // Lines read during the first send are noted as such; none is said to have missed a send during the wait.
        let left = run.spoken.filter { $0.text?.contains("ya salió") == true }
        #expect(left.allSatisfy { $0.state == .sending }, "nothing had left during the wait: \(left)")
        #expect(spoken.contains { $0.hasPrefix("Anotado. He anulado el reintento") }, "\(spoken)")
        #expect(!spoken.contains { $0.contains("no se envió") }, "\(spoken.suffix(3))")

        let posts = try await server.requests().filter { $0["method"] as? String == "POST" }
        #expect(posts.map { $0["status"] as? Int } == [503, 201])
        #expect(Set(posts.compactMap { $0["idempotencyKey"] as? String }).count == 2, "other data, another key")
        let accounts = try await server.accounts()
        #expect(accounts.map { $0["email"] as? String } == [corrected])

        let audit = try await VozProcess.run(
            [
                "audit", "--transcript", run.folder.appendingPathComponent("transcript.jsonl").path, "--form",
                VozProcess.packageRoot.appendingPathComponent("examples/crear-cuenta.json").path,
            ], environment: VozProcess.environment(home: run.folder))
        #expect(audit.status == 0, "\(audit.standardOutput)")
    }
}
