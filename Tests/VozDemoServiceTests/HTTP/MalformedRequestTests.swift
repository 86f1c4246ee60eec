import Foundation
import Testing
import VozTestTraits

@testable import VozDemoService

/// Malformed requests over real sockets: each gets its status as problem details and the service keeps serving.
@Suite(.ownThread) struct MalformedRequestTests {
    private static let body = DemoFixture.validBody()

    @Test(arguments: [
        ("GARBAGE\r\n\r\n", 400),
        ("GET /health\r\nHost: x\r\n\r\n", 400),
        ("GET  /health HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET health HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("G(T /health HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET /health HTTP/1.1\nHost: x\n\n", 400),
        ("GET /health HTTP/2.0\r\nHost: x\r\n\r\n", 505),
        ("GET /health HTTP/1.1\r\n\r\n", 400),
        ("GET /health HTTP/1.1\r\nHost: x\r\n folded: value\r\n\r\n", 400),
        ("GET /health HTTP/1.1\r\nHost: x\r\nBad Name: v\r\n\r\n", 400),
        ("GET /health HTTP/1.1\r\nHost : x\r\n\r\n", 400),
        ("GET /health HTTP/1.1\r\nHost: x\r\nX: a\u{1}b\r\n\r\n", 400),
        ("GET /\(String(repeating: "a", count: 9_000)) HTTP/1.1\r\nHost: x\r\n\r\n", 414),
        ("POST /accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\r\n\(body)", 400),
        ("POST /accounts HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", 400),
        ("POST /accounts HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", 400),
        ("POST /accounts HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}", 400),
        ("POST /accounts HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n", 411),
        ("POST /accounts HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}}}}", 400),
        ("POST /accounts HTTP/1.1\r\nHost: x\r\nContent-Length: 9\r\n\r\nnot json!", 400),
        ("POST /accounts HTTP/1.1\r\nHost: x\r\nContent-Length: 7\r\n\r\n[1,2,3]", 400),
        ("POST /accounts HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}", 415),
    ])
    func refusedWithItsStatusAndTheServiceKeepsServing(request: String, status: Int) async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let reply = try #require(await demo.send(request))
        #expect(reply.status == status)
        #expect(reply.header("Content-Type") == "application/problem+json")
        #expect(reply.json?["status"] as? Int == status)
        #expect(await demo.isHealthy())
        #expect(await demo.listedAccounts().isEmpty)
    }

    @Test func protocolRefusalsAreAboutBlankProblemsInEnglish() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let reply = try #require(await demo.send("BROKEN\r\nAccept-Language: es\r\n\r\n"))
        #expect(reply.status == 400)
        #expect(reply.json?["type"] as? String == "about:blank")
        #expect(reply.json?["title"] as? String == "Bad Request")
        #expect(reply.header("Content-Language") == "en")
    }

    @Test(arguments: [
        ("GET /health HTTP/1.1\nHost: x\r\n\r\n", "request line"), ("GET /health HTTP/1.1\r\nHost: x\n\r\n", "header"),
    ])
    func aBareLineFeedIsRefusedAtOnceNamingWhere(request: String, place: String) async throws {
        // A read timeout far above the bound: "at once" is told from "after the timeout" even on a loaded machine.
        let demo = try DemoFixture(readTimeoutSeconds: 40)
        defer { demo.stop() }
        let start = ContinuousClock.now
        let reply = try #require(await demo.send(request))
        #expect(reply.status == 400)
        #expect((reply.json?["detail"] as? String)?.contains(place) == true)
        #expect(ContinuousClock.now - start < .seconds(15))
    }

    @Test func aBodyShorterThanItsContentLengthIsRefusedAfterTheReadTimeout() async throws {
        let demo = try DemoFixture(readTimeoutSeconds: 0.3)
        defer { demo.stop() }
        let start = ContinuousClock.now
        let reply = try #require(
            await demo.send("POST /accounts HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\n{\"name\": \"Ana\"}"))
        #expect(reply.status == 400)
        #expect((reply.json?["detail"] as? String)?.contains("Content-Length") == true)
        #expect(ContinuousClock.now - start < .seconds(8))
        #expect(await demo.isHealthy())
    }

    @Test func aOneMebibyteBodyIs413() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let huge = "{\"name\": \"" + String(repeating: "x", count: 1 << 20) + "\"}"
        let reply = try #require(
            await demo.send(
                "POST /accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(huge.utf8.count)\r\n\r\n\(huge)"
            ))
        #expect(reply.status == 413)
        #expect(reply.header("Content-Type") == "application/problem+json")
        #expect(await demo.isHealthy())
    }

    @Test func tooManyOrTooLargeHeadersAre431() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let many = (0..<100).map { "X-\($0): v\r\n" }.joined()
        #expect(await demo.send("GET /health HTTP/1.1\r\nHost: x\r\n\(many)\r\n")?.status == 431)
        let large = "X-Big: " + String(repeating: "v", count: 20_000) + "\r\n"
        #expect(await demo.send("GET /health HTTP/1.1\r\nHost: x\r\n\(large)\r\n")?.status == 431)
        #expect(await demo.isHealthy())
    }

    @Test func silentAndBinaryClientsDoNotHurtTheService() async throws {
        let demo = try DemoFixture(readTimeoutSeconds: 0.3)
        defer { demo.stop() }
        #expect(await demo.send("") == nil)
        let binary = String(decoding: (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37) }, as: UTF8.self)
        #expect(await demo.send(binary)?.status == 400)
        #expect(await demo.isHealthy())
    }

    @Test func unknownPathsAndMethodsAreProblemsToo() async throws {
        let demo = try DemoFixture()
        defer { demo.stop() }
        let missing = try #require(await demo.get("/nowhere"))
        #expect(missing.status == 404)
        #expect(missing.header("Content-Type") == "application/problem+json")
        let wrong = try #require(await demo.send("DELETE /accounts HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(wrong.status == 405)
        #expect(wrong.header("Allow") == "GET, POST")
        #expect(wrong.header("Content-Type") == "application/problem+json")
    }
}
