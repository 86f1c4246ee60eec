import Foundation
import Synchronization
import Testing
import VozTestTraits

@testable import VozForm
@testable import VozKit
@testable import VozReplies

#if canImport(Glibc)
    import Glibc
#endif

/// The transport against a real HTTP server on loopback: what goes out, what comes back, and every way it fails.
@Suite(.serialized, .ownThread) struct CurlTransportTests {
    private func request(
        _ url: URL,
        headers: [HTTPHeader] = [],
        body: String = #"{"email":"ana@example.com"}"#,
        timeout: Double = 10
    ) -> SubmissionRequest {
        SubmissionRequest(url: url, method: .post, headers: headers, body: Data(body.utf8), timeoutSeconds: timeout)
    }

    // MARK: - Replies

    @Test func sendsMethodHeadersAndBodyAndReturnsTheReply() async throws {
        let server = try LoopbackHTTPServer { _ in
            .reply(
                status: 422, headers: [HTTPHeader(name: "Content-Type", value: "application/problem+json")],
                body: Data(#"{"title":"Invalid"}"#.utf8))
        }
        defer { server.stop() }
        let headers = [
            HTTPHeader(name: "Content-Type", value: "application/json"),
            HTTPHeader(name: "Accept-Language", value: "es"),
            HTTPHeader(name: "Idempotency-Key", value: "key-1"),
        ]
        let reply = try await CurlTransport().send(request(server.url("/accounts"), headers: headers))

        #expect(reply.status == 422)
        #expect(reply.header("content-type") == "application/problem+json")
        #expect(String(decoding: reply.body, as: UTF8.self) == #"{"title":"Invalid"}"#)
        let received = try #require(server.requests.first)
        #expect(received.method == "POST")
        #expect(received.path == "/accounts")
        #expect(received.header("Idempotency-Key") == "key-1")
        #expect(received.header("Accept-Language") == "es")
        #expect(String(decoding: received.body, as: UTF8.self) == #"{"email":"ana@example.com"}"#)
    }

    @Test func keepsNoCookiesBetweenSends() async throws {
        let server = try LoopbackHTTPServer { _ in
            .reply(status: 200, headers: [HTTPHeader(name: "Set-Cookie", value: "session=abc; Path=/")])
        }
        defer { server.stop() }
        let transport = CurlTransport()
        _ = try await transport.send(request(server.url("/one")))
        _ = try await transport.send(request(server.url("/two")))

        #expect(server.requests.count == 2)
        #expect(server.requests.allSatisfy { $0.header("Cookie") == nil })
    }

    /// URLSession offered every encoding libcurl decodes and handed over the decoded body; so does this.
    @Test func aCompressedReplyArrivesDecoded() async throws {
        let gzipped: [UInt8] = [
            31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 171, 86, 202, 207, 86, 178, 42, 41, 42, 77, 173, 5, 0, 144, 95, 212, 167,
            11, 0, 0, 0,
        ]
        let server = try LoopbackHTTPServer { _ in
            .reply(status: 200, headers: [HTTPHeader(name: "Content-Encoding", value: "gzip")], body: Data(gzipped))
        }
        defer { server.stop() }
        let reply = try await CurlTransport().send(request(server.url()))
        #expect(String(decoding: reply.body, as: UTF8.self) == #"{"ok":true}"#)
        let received = try #require(server.requests.first)
        #expect(received.header("Accept-Encoding")?.contains("gzip") == true)
        #expect(received.header("User-Agent")?.contains("curl/") == true)
        #expect(received.header("Expect") == nil)
    }

    // MARK: - Size limit

    @Test(arguments: [true, false])
    func refusesAReplyPastTheLimit(declareLength: Bool) async throws {
        let body = Data(repeating: UInt8(ascii: "x"), count: CurlTransport.defaultReplyLimit + 1)
        let server = try LoopbackHTTPServer { _ in .reply(status: 422, body: body, declareLength: declareLength) }
        defer { server.stop() }

        let error = await failure(CurlTransport(), request(server.url()))
        #expect(error == .replyTooLarge(limit: CurlTransport.defaultReplyLimit))
    }

    /// A success is a success even when its body is too large to read: the record exists on the server, and a
    /// failure here would lead the user to send it again under a new key.
    @Test(arguments: [true, false])
    func aSuccessPastTheLimitIsASuccessWithoutItsBody(declareLength: Bool) async throws {
        let body = Data(repeating: UInt8(ascii: "x"), count: CurlTransport.defaultReplyLimit + 1)
        let server = try LoopbackHTTPServer { _ in .reply(status: 201, body: body, declareLength: declareLength) }
        defer { server.stop() }

        let reply = try await CurlTransport().send(request(server.url()))
        #expect(reply.status == 201)
        #expect(reply.body.isEmpty)
    }

    @Test func acceptsAReplyOfExactlyTheLimit() async throws {
        let body = Data(repeating: UInt8(ascii: "y"), count: 1000)
        let server = try LoopbackHTTPServer { _ in .reply(status: 200, body: body, declareLength: false) }
        defer { server.stop() }

        let reply = try await CurlTransport(replyLimit: 1000).send(request(server.url()))
        #expect(reply.body == body)
    }

    // MARK: - Failures

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let server = try LoopbackHTTPServer { _ in .hang }
        defer { server.stop() }
        let start = ContinuousClock.now

        let error = await failure(CurlTransport(), request(server.url(), timeout: 1))
        #expect(error == .timedOut)
        #expect(start.duration(to: .now) < .seconds(8))
    }

    /// FoundationNetworking truncated timeouts to whole seconds; a form's 0.5 s must not fail at once, nor 1.5 s
    /// give up after 1.
    @Test(arguments: [0.5, 1.5])
    func aFractionalTimeoutIsKeptToTheMillisecond(timeout: Double) async throws {
        let slow = try LoopbackHTTPServer { _ in
            Thread.sleep(forTimeInterval: 0.2)
            return .reply(status: 201, body: Data("{}".utf8))
        }
        defer { slow.stop() }
        let reply = try await CurlTransport().send(request(slow.url(), timeout: timeout))
        #expect(reply.status == 201, "a reply after 0.2 s arrives within \(timeout) s")

        let silent = try LoopbackHTTPServer { _ in .hang }
        defer { silent.stop() }
        let start = ContinuousClock.now
        let error = await failure(CurlTransport(), request(silent.url(), timeout: timeout))
        let waited = ContinuousClock.now - start
        #expect(error == .timedOut)
        // Truncation waited 0 s for 0.5 and 1 s for 1.5; the upper bound only guards against a hang, since a
        // loaded machine may be late to wake. libcurl reads its clock before this test's second reading and counts
        // whole milliseconds, so it may stop a fraction of a millisecond short of ours (1.4998 s seen for 1.5).
        #expect(waited >= .seconds(timeout) - .milliseconds(2), "waited \(waited)")
        #expect(waited < .seconds(timeout + 2), "waited \(waited)")
    }

    @Test func aClosedPortIsCannotConnect() async throws {
        let port = try ClosedPort()
        defer { port.release() }

        let error = await failure(CurlTransport(), request(URL(string: "http://127.0.0.1:\(port.number)/")!))
        guard case .cannotConnect = error else {
            Issue.record("expected cannotConnect, got \(String(describing: error))")
            return
        }
    }

    @Test func aServerThatHangsUpIsAConnectionLost() async throws {
        let server = try LoopbackHTTPServer { _ in .hangUp }
        defer { server.stop() }

        let error = await failure(CurlTransport(), request(server.url()))
        guard case .connectionLost = error else {
            Issue.record("expected connectionLost, got \(String(describing: error))")
            return
        }
    }

    @Test func cancellingTheCallingTaskStopsTheSend() async throws {
        let server = try LoopbackHTTPServer { _ in .hang }
        defer { server.stop() }
        let transport = CurlTransport()
        let pending = request(server.url(), timeout: 30)
        let task = Task { () -> TransportError? in await failure(transport, pending) }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()

        #expect(await task.value == .cancelled)
    }

    // MARK: - Redirects

    @Test(arguments: [("127.0.0.1", true), ("localhost", false)])
    func aRedirectKeepsCredentialsOnlyOnTheSameHost(host: String, keeps: Bool) async throws {
        let target = Mutex<URL?>(nil)
        let server = try LoopbackHTTPServer { request in
            if request.path == "/start", let location = target.withLock({ $0 }) {
                return .reply(status: 307, headers: [HTTPHeader(name: "Location", value: location.absoluteString)])
            }
            return .reply(status: 201)
        }
        defer { server.stop() }
        target.withLock { $0 = server.url("/landing", host: host) }
        let headers = [
            HTTPHeader(name: "Authorization", value: "Bearer secret-token"),
            HTTPHeader(name: "Idempotency-Key", value: "key-1"),
        ]

        let reply = try await CurlTransport().send(request(server.url("/start"), headers: headers))
        #expect(reply.status == 201)
        let landing = try #require(server.requests.first { $0.path == "/landing" })
        #expect((landing.header("Authorization") != nil) == keeps)
        #expect(landing.header("Idempotency-Key") == "key-1")
    }

    /// A 303 would turn the POST into another page's GET, whose 200 says nothing of the form: the 303 is the reply,
    /// on the same origin too, and nothing else is fetched.
    @Test func aSeeOtherRedirectIsTheReply() async throws {
        let target = Mutex<URL?>(nil)
        let server = try LoopbackHTTPServer { request in
            if request.path == "/start", let location = target.withLock({ $0 }) {
                return .reply(status: 303, headers: [HTTPHeader(name: "Location", value: location.absoluteString)])
            }
            return .reply(status: 200, body: Data("done".utf8))
        }
        defer { server.stop() }
        target.withLock { $0 = server.url("/result") }

        let reply = try await CurlTransport().send(request(server.url("/start")))
        #expect(reply.status == 303)
        #expect(server.requests.map(\.path) == ["/start"])
    }

    @Test func theRedirectRuleDropsCredentialsOnAnotherHostOrWithoutTLS() {
        let headers = [HTTPHeader(name: "Authorization", value: "Bearer t"), HTTPHeader(name: "Cookie", value: "a=b")]
        let request = CurlRequest(url: URL(string: "https://api.example.com/next")!, headers: headers)
        let sameHost = CurlRequest.redirect(request, from: URL(string: "https://API.example.com/x")!)
        #expect(sameHost.header("Authorization") == "Bearer t")

        let otherHost = CurlRequest.redirect(request, from: URL(string: "https://example.org/x")!)
        #expect(otherHost.header("Authorization") == nil)
        #expect(otherHost.header("Cookie") == nil)

        var downgrade = request
        downgrade.url = URL(string: "http://api.example.com/next")!
        let plain = CurlRequest.redirect(downgrade, from: URL(string: "https://api.example.com/x")!)
        #expect(plain.header("Authorization") == nil)
    }
}

/// A loopback port that is bound but not listening, so a connection to it is refused; held until released so no
/// other test takes it meanwhile.
private struct ClosedPort {
    let fd: Int32
    let number: UInt16

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw LoopbackHTTPServer.SocketError(step: "bind") }
        number = UInt16(bigEndian: address.sin_port)
    }

    func release() { close(fd) }
}
