import Foundation
import Testing
import VozTestTraits

@testable import VozDemoService

/// Fault injection: 503s, drop after commit, held requests, latency.
@Suite(.ownThread) struct FaultTests {
    @Test func twoUnavailableRepliesThenTheRetrySucceedsWithTheSameKey() async throws {
        let demo = try DemoFixture(faults: DemoFaults(unavailableFirst: 2))
        defer { demo.stop() }
        var statuses: [Int] = []
        var last: RawReply?
        for _ in 0..<3 {
            last = await demo.createAccount(DemoFixture.validBody(), key: "retry-key")
            statuses.append(last?.status ?? 0)
            if last?.status == 503 {
                #expect(last?.header("Retry-After") == "1")
                #expect(last?.header("Content-Type") == "text/html")
                #expect(last?.header("Server") == "nginx")
                #expect(last?.text == NginxPage.body(title: "503 Service Temporarily Unavailable"))
            }
        }
        #expect(statuses == [503, 503, 201])
        // Every attempt carried the same key, the 503s included.
        #expect(demo.service.requestLog().map(\.idempotencyKey) == ["retry-key", "retry-key", "retry-key"])
        #expect(await demo.listedAccounts().count == 1)
    }

    @Test func theNginxPageIsByteForByteNginxs() {
        let expected =
            "<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n"
            + "<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n<hr><center>nginx</center>\r\n"
            + "</body>\r\n</html>\r\n"
        #expect(String(decoding: NginxPage.serviceUnavailable().body, as: UTF8.self) == expected)
    }

    @Test func dropAfterCommitThenRetryWithTheSameKeyCreatesExactlyOneAccount() async throws {
        let demo = try DemoFixture(faults: DemoFaults(dropAfterCommit: 1))
        defer { demo.stop() }
        let dropped = await demo.createAccount(DemoFixture.validBody(), key: "drop-key")
        #expect(dropped == nil)
        #expect(demo.service.accounts().count == 1)
        let retry = try #require(await demo.createAccount(DemoFixture.validBody(), key: "drop-key"))
        #expect(retry.status == 201)
        #expect(retry.header("Idempotent-Replayed") == "true")
        #expect(await demo.listedAccounts().count == 1)
        let posts = demo.service.requestLog().filter { $0.method == "POST" }
        #expect(posts.map(\.delivered) == [false, true])
        #expect(posts.map(\.status) == [201, 201])
        #expect(posts.allSatisfy { $0.idempotencyKey == "drop-key" })
    }

    @Test func aHeldRequestIsCommittedButNeverAnsweredAndTheRetryReplays() async throws {
        let demo = try DemoFixture(faults: DemoFaults(timeoutFirst: 1, holdSeconds: 40))
        defer { demo.stop() }
        let start = ContinuousClock.now
        // The client gives up after half a second, as a form with a short timeout would: far sooner than the hold,
        // however loaded the machine.
        let held = await demo.createAccount(DemoFixture.validBody(), key: "slow-key", timeout: 0.5)
        #expect(held == nil)
        #expect(ContinuousClock.now - start < .seconds(15))
        let retry = try #require(await demo.createAccount(DemoFixture.validBody(), key: "slow-key"))
        #expect(retry.status == 201)
        #expect(retry.header("Idempotent-Replayed") == "true")
        #expect(await demo.listedAccounts().count == 1)
    }

    @Test func stopEndsAHeldRequestPromptly() async throws {
        let demo = try DemoFixture(faults: DemoFaults(timeoutFirst: 1, holdSeconds: 60))
        async let held = demo.createAccount(DemoFixture.validBody(), timeout: 30)
        try await Task.sleep(for: .milliseconds(300))
        let start = ContinuousClock.now
        demo.stop()
        #expect(await held == nil)
        #expect(ContinuousClock.now - start < .seconds(3))
    }

    @Test func latencyDelaysEveryReply() async throws {
        let demo = try DemoFixture(faults: DemoFaults(latencyMilliseconds: 300))
        defer { demo.stop() }
        let start = ContinuousClock.now
        #expect(await demo.get("/health")?.status == 200)
        #expect(ContinuousClock.now - start >= .milliseconds(300))
    }

    @Test func faultsCompose() async throws {
        let demo = try DemoFixture(faults: DemoFaults(unavailableFirst: 1, dropAfterCommit: 1))
        defer { demo.stop() }
        #expect(await demo.createAccount(DemoFixture.validBody(), key: "k")?.status == 503)
        #expect(await demo.createAccount(DemoFixture.validBody(), key: "k") == nil)
        #expect(await demo.createAccount(DemoFixture.validBody(), key: "k")?.header("Idempotent-Replayed") == "true")
        #expect(await demo.listedAccounts().count == 1)
    }
}
