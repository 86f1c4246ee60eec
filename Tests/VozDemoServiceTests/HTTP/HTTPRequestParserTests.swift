import Foundation
import Testing

@testable import VozDemoService

/// The strict parser as pure functions: heads and body lengths, table-driven.
@Suite struct HTTPRequestParserTests {
    private static func head(_ text: String) -> ArraySlice<UInt8> {
        Array(text.utf8)[...]
    }

    @Test func parsesAWellFormedHead() throws {
        let request = try HTTPRequestParser.parseHead(
            Self.head("POST /accounts?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nIdempotency-Key:   \"k\"  \r\nX-Empty:"),
            limits: HTTPLimits())
        #expect(request.method == "POST")
        #expect(request.path == "/accounts")
        #expect(request.query == "x=1")
        #expect(request.version == "HTTP/1.1")
        #expect(request.header("idempotency-key") == "\"k\"")
        #expect(request.header("X-Empty") == "")
    }

    @Test(arguments: [
        ("", HTTPParseError.malformedRequestLine),
        ("GET / HTTP/1.1 extra\r\nHost: x", .malformedRequestLine),
        ("GET http://x/ HTTP/1.1\r\nHost: x", .malformedRequestLine),
        ("GET /a b HTTP/1.1\r\nHost: x", .malformedRequestLine),
        ("GET / HTTP/1.1\rHost: x", .malformedRequestLine),
        ("GET / http/1.1\r\nHost: x", .malformedRequestLine),
        ("GET / HTTP/3.0\r\nHost: x", .unsupportedVersion("HTTP/3.0")),
        ("GET / HTTP/1.1", .missingHost),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b", .missingHost),
        ("GET / HTTP/1.1\r\nHost: x\r\n\tfolded", .malformedHeader),
        ("GET / HTTP/1.1\r\nHost: x\r\n: empty-name", .malformedHeader),
        ("GET / HTTP/1.1\r\nHost: x\r\nNo-Colon", .malformedHeader),
        ("GET / HTTP/1.1\r\nHost: x\r\nX: a\u{7F}", .malformedHeader),
    ])
    func refusesMalformedHeads(text: String, error: HTTPParseError) {
        #expect(throws: error) { try HTTPRequestParser.parseHead(Self.head(text), limits: HTTPLimits()) }
    }

    @Test func http10NeedsNoHost() throws {
        let request = try HTTPRequestParser.parseHead(Self.head("GET /health HTTP/1.0"), limits: HTTPLimits())
        #expect(request.version == "HTTP/1.0")
    }

    @Test(arguments: [
        ("POST", ["Content-Length: 12"], 12),
        ("POST", ["Content-Length: 0"], 0),
        ("POST", ["Content-Length: 5", "Content-Length: 5"], 5),
        ("GET", [], 0),
        ("POST", ["Content-Length: 65536"], 65_536),
    ])
    func readsTheBodyLength(method: String, headers: [String], length: Int) throws {
        let request = try Self.request(method, headers)
        #expect(try HTTPRequestParser.bodyLength(of: request, limits: HTTPLimits()) == length)
    }

    @Test(arguments: [
        ("POST", [String](), HTTPParseError.missingContentLength),
        ("POST", ["Content-Length: 65537"], .bodyTooLarge(limit: 65_536)),
        ("POST", ["Content-Length: 1048576"], .bodyTooLarge(limit: 65_536)),
        ("POST", ["Content-Length: +5"], .invalidContentLength),
        ("POST", ["Content-Length: 5, 5"], .invalidContentLength),
        ("POST", ["Content-Length: 5", "Content-Length: 6"], .invalidContentLength),
        ("POST", ["Content-Length: 99999999999999999999"], .invalidContentLength),
        ("POST", ["Transfer-Encoding: chunked"], .transferEncodingNotSupported),
        ("GET", ["Transfer-Encoding: chunked", "Content-Length: 3"], .transferEncodingNotSupported),
    ])
    func refusesBadLengths(method: String, headers: [String], error: HTTPParseError) throws {
        let request = try Self.request(method, headers)
        #expect(throws: error) { try HTTPRequestParser.bodyLength(of: request, limits: HTTPLimits()) }
    }

    @Test func findsTheEndOfTheHeadAndBareLineFeeds() {
        let bytes = Array("GET / HTTP/1.1\r\nHost: x\r\n\r\nbody".utf8)
        #expect(HTTPRequestParser.headEnd(in: bytes) == 23)
        #expect(HTTPRequestParser.headEnd(in: Array("GET / HTTP/1.1\r\n".utf8)) == nil)
        #expect(HTTPRequestParser.hasBareLineFeed(in: Array("GET / HTTP/1.1\nHost".utf8)))
        #expect(!HTTPRequestParser.hasBareLineFeed(in: bytes))
    }

    @Test func errorsMapToTheirStatuses() {
        #expect(HTTPParseError.malformedRequestLine.status == 400)
        #expect(HTTPParseError.bodyTooLarge(limit: 1).status == 413)
        #expect(HTTPParseError.transferEncodingNotSupported.status == 411)
        #expect(HTTPParseError.tooManyHeaders.status == 431)
        #expect(HTTPParseError.unsupportedVersion("HTTP/2.0").status == 505)
        #expect(HTTPParseError.bodyShorterThanContentLength.status == 400)
    }

    private static func request(_ method: String, _ headers: [String]) throws -> HTTPRequest {
        let text = (["\(method) /accounts HTTP/1.1", "Host: x"] + headers).joined(separator: "\r\n")
        return try HTTPRequestParser.parseHead(head(text), limits: HTTPLimits())
    }
}
