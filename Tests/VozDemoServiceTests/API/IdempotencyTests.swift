import Foundation
import Testing
import VozTestTraits

@testable import VozDemoService

/// The IETF httpapi-idempotency-key-header behaviour, over real loopback HTTP.
@Suite(.ownThread) struct IdempotencyTests {
    @Test func sameKeyAndPayloadReplaysTheStoredReply() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let first = try #require(await demo.createAccount(DemoFixture.validBody(), key: "key-1"))
        // The same payload with its members reordered and spaced differently is still the same payload.
        let reordered =
            #"{"terms":true,"plan":"pro","coupon":"BIENVENIDA","password":"correct horse","#
            + #""email":"ana@example.com","name":"Ana"}"#
        let second = try #require(await demo.createAccount(reordered, key: "key-1"))
        #expect(first.status == 201)
        #expect(first.header("Idempotent-Replayed") == nil)
        #expect(second.status == 201)
        #expect(second.header("Idempotent-Replayed") == "true")
        #expect(second.body == first.body)
        #expect(second.header("Location") == first.header("Location"))
        #expect(await demo.listedAccounts().count == 1)
        let posts = demo.service.requestLog().filter { $0.method == "POST" }
        #expect(posts.map(\.idempotencyKey) == ["key-1", "key-1"])
        #expect(posts.map(\.replayed) == [false, true])
    }

    @Test func sameKeyWithAnotherPayloadIsRefusedWith422() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        #expect(await demo.createAccount(DemoFixture.validBody(), key: "key-2")?.status == 201)
        let reply = try #require(
            await demo.createAccount(DemoFixture.validBody(email: "otra@example.com"), key: "key-2", language: "es"))
        #expect(reply.status == 422)
        #expect(reply.header("Content-Type") == "application/problem+json")
        #expect(reply.json?["type"] as? String == "https://demo.voz.example/problems/idempotency-key-reused")
        #expect(reply.json?["title"] as? String == "La Idempotency-Key ya se ha usado.")
        #expect(await demo.listedAccounts().count == 1)
    }

    @Test func sameKeyWhileTheFirstIsInFlightIsAConflict() async throws {
        // The latency falls while the key is held in flight; whichever request claims it first wins, the other
        // meets the 409, so the order they arrive in on a busy machine does not matter.
        let demo = try DemoFixture(faults: DemoFaults(latencyMilliseconds: 800))
        defer { demo.stop() }
        async let first = demo.createAccount(DemoFixture.validBody(), key: "key-3")
        async let second = demo.createAccount(DemoFixture.validBody(), key: "key-3")
        let replies = await [first, second].compactMap { $0 }
        #expect(replies.map(\.status).sorted() == [201, 409])
        let conflict = try #require(replies.first { $0.status == 409 })
        #expect(conflict.json?["type"] as? String == "https://demo.voz.example/problems/idempotency-key-in-flight")
        #expect(conflict.header("Content-Type") == "application/problem+json")
        #expect(conflict.header("Retry-After") == "1")
        #expect(demo.service.accounts().count == 1)
    }

    @Test func aRequestWithoutKeyIsAcceptedAndLogged() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        #expect(await demo.createAccount(DemoFixture.validBody())?.status == 201)
        let log = try #require(await demo.get("/requests"))
        let records = try JSONDecoder().decode([DemoRequestRecord].self, from: log.body)
        #expect(records.count == 1)
        #expect(records.first?.method == "POST")
        #expect(records.first?.idempotencyKey == nil)
        #expect(records.first?.status == 201)
        #expect(records.first?.delivered == true)
        #expect(!log.text.contains("correct horse"))
    }

    @Test func aFailedValidationReleasesTheKeyForTheCorrectedPayload() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let wrong = DemoFixture.validBody(password: "short")
        #expect(await demo.createAccount(wrong, key: "key-4")?.status == 422)
        let fixed = try #require(await demo.createAccount(DemoFixture.validBody(), key: "key-4"))
        #expect(fixed.status == 201)
        #expect(fixed.header("Idempotent-Replayed") == nil)
    }

    @Test(arguments: [
        "Idempotency-Key: \"\"", "Idempotency-Key: \"a\\\"b\"", "Idempotency-Key: a\r\nIdempotency-Key: b",
    ])
    func anUnusableKeyIsABadRequest(header: String) async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let bytes = RawHTTPClient.request("POST", "/accounts", body: DemoFixture.validBody(), headers: [header])
        let reply = try #require(await RawHTTPClient.exchange(port: demo.port, bytes: bytes))
        #expect(reply.status == 400)
        #expect(reply.json?["type"] as? String == "https://demo.voz.example/problems/idempotency-key-invalid")
        #expect(await demo.listedAccounts().isEmpty)
    }
}
