import Foundation
import Testing
import VozTestTraits

@testable import VozForm
@testable import VozKit
@testable import VozReplies

/// The loopback transport `voz demo` uses, against a real HTTP server on 127.0.0.1: what goes out, what comes
/// back, and every way it fails.
@Suite(.serialized, .ownThread) struct LoopbackTransportTests {
    private func request(_ url: URL, headers: [HTTPHeader] = [], timeout: Double = 10) -> SubmissionRequest {
        SubmissionRequest(
            url: url, method: .post, headers: headers, body: Data(#"{"email":"ana@example.com"}"#.utf8),
            timeoutSeconds: timeout)
    }

    // MARK: - Replies

    @Test func sendsMethodHeadersAndBodyAndReturnsTheReply() async throws {
        let server = try LoopbackHTTPServer { _ in
            .reply(
                status: 422, headers: [HTTPHeader(name: "Content-Type", value: "application/problem+json")],
                body: Data(#"{"title":"Inválido"}"#.utf8))
        }
        defer { server.stop() }
        let headers = [
            HTTPHeader(name: "Content-Type", value: "application/json"),
            HTTPHeader(name: "Idempotency-Key", value: "key-1"),
        ]
        let reply = try await LoopbackTransport().send(request(server.url("/accounts?x=1"), headers: headers))

        #expect(reply.status == 422)
        #expect(reply.header("content-type") == "application/problem+json")
        #expect(String(decoding: reply.body, as: UTF8.self) == #"{"title":"Inválido"}"#)
        let received = try #require(server.requests.first)
        #expect(received.method == "POST")
        #expect(received.path == "/accounts?x=1")
        #expect(received.header("Idempotency-Key") == "key-1")
        #expect(received.header("Content-Type") == "application/json")
        #expect(String(decoding: received.body, as: UTF8.self) == #"{"email":"ana@example.com"}"#)
    }

    @Test func aBodyEndedByTheCloseIsReadWhole() async throws {
        let server = try LoopbackHTTPServer { _ in .reply(status: 200, body: Data("done".utf8), declareLength: false) }
        defer { server.stop() }
        let reply = try await LoopbackTransport().send(request(server.url("/")))
        #expect(reply.status == 200)
        #expect(String(decoding: reply.body, as: UTF8.self) == "done")
    }

    /// The demo's transport too: a success's whole head is the outcome, a body cut short goes to the log only.
    @Test(arguments: [
        "HTTP/1.1 201 Created\r\nContent-Length: 100\r\n\r\n{\"id\":",
        "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{\"id\"",
    ])
    func aSuccessWhoseBodyIsCutShortIsASuccess(raw: String) async throws {
        let server = try LoopbackHTTPServer { _ in .raw(Data(raw.utf8)) }
        defer { server.stop() }
        let reply = try await LoopbackTransport().send(request(server.url("/")))
        #expect(reply.status == 201)
        #expect(reply.body.isEmpty)
        #expect(reply.bodyFault != nil)

        let failing = try LoopbackHTTPServer { _ in .raw(Data(raw.replacingOccurrences(of: "201", with: "422").utf8)) }
        defer { failing.stop() }
        guard case .connectionLost = await failure(LoopbackTransport(), request(failing.url("/"))) else {
            Issue.record("a 422 cut short should stay a lost connection")
            return
        }
    }

    // MARK: - Failures

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let server = try LoopbackHTTPServer { _ in .hang }
        defer { server.stop() }
        let started = ContinuousClock.now
        let error = await failure(LoopbackTransport(), request(server.url("/"), timeout: 0.3))
        #expect(error == .timedOut)
        // Generous: on a loaded machine the test's own task may wait seconds for a thread to resume on.
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test func aHangUpIsALostConnection() async throws {
        let server = try LoopbackHTTPServer { _ in .hangUp }
        defer { server.stop() }
        guard case .connectionLost = await failure(LoopbackTransport(), request(server.url("/"))) else {
            Issue.record("expected connectionLost")
            return
        }
    }

    @Test func aClosedPortCannotConnect() async throws {
        let server = try LoopbackHTTPServer { _ in .hangUp }
        let url = server.url("/")
        server.stop()
        guard case .cannotConnect = await failure(LoopbackTransport(), request(url)) else {
            Issue.record("expected cannotConnect")
            return
        }
    }

    @Test func anOversizedReplyIsNotRead() async throws {
        let server = try LoopbackHTTPServer { _ in .reply(status: 200, body: Data(count: 4096)) }
        defer { server.stop() }
        #expect(
            await failure(LoopbackTransport(replyLimit: 1024), request(server.url("/"))) == .replyTooLarge(limit: 1024))
    }

    @Test func anotherHostIsRefusedBeforeAnythingIsSent() async {
        let url = URL(string: "https://example.com/accounts") ?? URL(fileURLWithPath: "/")
        guard case .cannotConnect = await failure(LoopbackTransport(), request(url)) else {
            Issue.record("expected cannotConnect")
            return
        }
    }

    @Test func cancellingStopsAHangingSend() async throws {
        let server = try LoopbackHTTPServer { _ in .hang }
        defer { server.stop() }
        let transport = LoopbackTransport()
        let pending = Task { () -> TransportError? in await failure(transport, request(server.url("/"), timeout: 60)) }
        try await Task.sleep(for: .milliseconds(200))
        let started = ContinuousClock.now
        pending.cancel()
        #expect(await pending.value == .cancelled)
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    // MARK: - Parsing

    @Test(arguments: [
        ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokEXTRA", 200, "ok"),
        (
            "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n3;x=y\r\n!!!\r\n0\r\n\r\n", 201,
            "ok!!!"
        ),
        ("HTTP/1.0 503 Service Unavailable\r\nRetry-After: 1\r\n\r\n", 503, ""),
    ])
    func parsesFramedReplies(raw: String, status: Int, body: String) throws {
        let reply = try HTTPReplyParser.parse(Array(raw.utf8)).get()
        #expect(reply.status == status)
        #expect(String(decoding: reply.body, as: UTF8.self) == body)
    }

    @Test(arguments: [
        ("", HTTPReplyParser.Failure.empty),
        ("<html>nginx</html>", .malformedHead),
        ("HTTP/1.1 abc\r\n\r\n", .malformedHead),
        ("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort", .truncatedBody),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", .truncatedBody),
    ])
    func refusesBrokenReplies(raw: String, failure: HTTPReplyParser.Failure) {
        #expect(HTTPReplyParser.parse(Array(raw.utf8)) == .failure(failure))
    }
}
