import Foundation
import Testing
import VozTestTraits

@testable import VozDemoService

/// A small soak from the server's side: retries with the same key through 503s, drops after commit, held requests
/// and client timeouts create each account exactly once.
@Suite(.ownThread) struct ExactlyOnceTests {
    @Test func everyPayloadBecomesExactlyOneAccountThroughEveryFault() async throws {
        let demo = try DemoFixture(
            faults: DemoFaults(
                latencyMilliseconds: 20, unavailableFirst: 4, dropAfterCommit: 5, timeoutFirst: 2, holdSeconds: 5))
        defer { demo.stop() }
        let emails = (0..<24).map { "user\($0)@example.com" }
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<3 {
                group.addTask {
                    for email in emails.enumerated().filter({ $0.offset % 3 == worker }).map(\.element) {
                        await Self.submitUntilDone(demo, email: email)
                    }
                }
            }
        }
        let accounts = demo.service.accounts()
        #expect(accounts.count == emails.count)
        #expect(Set(accounts.map(\.email)) == Set(emails))
        let log = demo.service.requestLog().filter { $0.method == "POST" }
        #expect(log.contains { !$0.delivered })
        #expect(log.contains { $0.status == 503 })
        #expect(log.contains { $0.replayed })
    }

    /// What a well-behaved client does: one key per payload, retried on anything transient.
    private static func submitUntilDone(_ demo: DemoFixture, email: String) async {
        let key = UUID().uuidString
        for _ in 0..<20 {
            let reply = await demo.createAccount(DemoFixture.validBody(email: email), key: key, timeout: 0.4)
            if reply?.status == 201 { return }
            try? await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("\(email) never succeeded")
    }
}
