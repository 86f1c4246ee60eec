import Foundation
import Testing
import VozTestTraits

@testable import VozDemoService

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Starting, stopping, binding rules and the temporary database.
@Suite(.ownThread) struct DemoServiceLifecycleTests {
    @Test(arguments: ["0.0.0.0", "::", "192.168.1.10", "localhost", "example.com", ""])
    func refusesToListenBeyondLoopback(host: String) {
        let service = DemoService(configuration: DemoConfiguration(host: host))
        #expect(throws: DemoServiceError.hostNotLoopback(host)) { try service.start() }
        #expect(service.port == nil)
        #expect(DemoServiceError.hostNotLoopback(host).description.contains("only listens on loopback"))
    }

    @Test func portZeroPicksAFreePortAndReportsIt() throws {
        let first = DemoService()
        let second = DemoService()
        let firstPort = try first.start()
        let secondPort = try second.start()
        defer {
            first.stop()
            second.stop()
        }
        #expect(firstPort > 0 && secondPort > 0 && firstPort != secondPort)
        #expect(first.baseURL?.absoluteString == "http://127.0.0.1:\(firstPort)")
    }

    @Test func aTakenPortIsOneSentence() throws {
        let first = DemoService()
        let port = try first.start()
        defer { first.stop() }
        let second = DemoService(configuration: DemoConfiguration(port: port))
        #expect(throws: DemoServiceError.cannotBind(host: "127.0.0.1", port: port, code: EADDRINUSE)) {
            try second.start()
        }
        #expect(second.databasePath == nil)
    }

    @Test func listensOnIPv6LoopbackWhenTheMachineHasIt() async throws {
        let service = DemoService(configuration: DemoConfiguration(host: "::1"))
        let port: Int
        do {
            port = try service.start()
        } catch {
            // A container without IPv6: the refusal must still be a sentence, not a crash.
            #expect(error.description.contains("::1"))
            return
        }
        defer { service.stop() }
        #expect(service.baseURL?.absoluteString == "http://[::1]:\(port)")
        let reply = await RawHTTPClient.exchange(
            port: port, bytes: RawHTTPClient.request("GET", "/health"), host: "::1")
        #expect(reply?.status == 200)
    }

    @Test func theTemporaryDatabaseIsRemovedAtStop() throws {
        let service = DemoService()
        try service.start()
        let path = try #require(service.databasePath)
        #expect(FileManager.default.fileExists(atPath: path))
        service.stop()
        service.stop()
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aGivenDatabaseIsKeptAndReopened() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("voz-demo-keep-\(UUID()).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let first = try DemoFixture(databasePath: path)
        #expect(await first.createAccount(DemoFixture.validBody(), key: "persist")?.status == 201)
        first.stop()
        #expect(FileManager.default.fileExists(atPath: path))
        let second = try DemoFixture(databasePath: path)
        defer { second.stop() }
        #expect(await second.listedAccounts().count == 1)
        #expect(
            await second.createAccount(DemoFixture.validBody(), key: "persist")?.header("Idempotent-Replayed") == "true"
        )
    }

    @Test func anUnopenableDatabaseIsOneSentence() {
        let service = DemoService(configuration: DemoConfiguration(databasePath: "/nonexistent-dir/x/demo.sqlite"))
        do {
            try service.start()
            Issue.record("started with an impossible database path")
        } catch {
            #expect(
                error.description.hasPrefix("The demo service cannot open its database /nonexistent-dir/x/demo.sqlite"))
        }
        #expect(service.port == nil)
    }

    @Test func startingTwiceIsRefused() throws {
        let service = DemoService()
        try service.start()
        defer { service.stop() }
        #expect(throws: DemoServiceError.alreadyStarted) { try service.start() }
    }

    @Test func aStoppedServiceAcceptsNoMoreConnections() async throws {
        let demo = try DemoFixture()
        #expect(await demo.isHealthy())
        demo.stop()
        #expect(await demo.get("/health") == nil)
    }

    /// Foundation's own HTTP client, as Voz's transport uses it, against the service.
    @Test func urlSessionCreatesAndReplays() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let url = try #require(demo.service.baseURL?.appendingPathComponent("accounts"))
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("\"session-key\"", forHTTPHeaderField: "Idempotency-Key")
        request.setValue("es", forHTTPHeaderField: "Accept-Language")
        request.httpBody = Data(DemoFixture.validBody().utf8)
        let session = URLSession(configuration: .ephemeral)
        let (firstBody, first) = try await session.data(for: request)
        let (secondBody, second) = try await session.data(for: request)
        let firstReply = try #require(first as? HTTPURLResponse)
        let secondReply = try #require(second as? HTTPURLResponse)
        #expect(firstReply.statusCode == 201)
        #expect(secondReply.statusCode == 201)
        #expect(secondReply.value(forHTTPHeaderField: "Idempotent-Replayed") == "true")
        #expect(firstBody == secondBody)
        #expect(demo.service.accounts().count == 1)
    }
}
