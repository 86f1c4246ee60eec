import CCurl
import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozReplies

#if canImport(Glibc)
    import Glibc
#endif

/// The pure parts of sending through libcurl: which redirects are followed and how the request changes, and which
/// transport error each libcurl failure is.
@Suite struct CurlRequestTests {
    static let origin = literalURL("https://api.example.com/accounts")

    static func post(_ url: URL = origin) -> CurlRequest {
        CurlRequest(
            url: url, method: "POST",
            headers: [
                HTTPHeader(name: "Content-Type", value: "application/json"),
                HTTPHeader(name: "Authorization", value: "Bearer t"),
            ], body: Data("{}".utf8))
    }

    static func redirect(_ status: Int, to location: String?) -> HTTPReply {
        HTTPReply(status: status, headers: location.map { [HTTPHeader(name: "Location", value: $0)] } ?? [])
    }

    // MARK: - Redirects

    /// As URLSession does: a 303, and a 301 or 302 of a POST, become a GET without the body; the rest repeat both.
    @Test(arguments: [
        (301, "POST", "GET", false), (302, "POST", "GET", false), (303, "POST", "GET", false),
        (303, "PUT", "GET", false), (307, "POST", "POST", true), (308, "POST", "POST", true),
        (301, "PUT", "PUT", true), (302, "PATCH", "PATCH", true),
    ])
    func aRedirectKeepsOrChangesTheMethod(status: Int, method: String, expected: String, keepsBody: Bool) throws {
        var request = Self.post()
        request.method = method
        let next = try #require(request.redirected(by: Self.redirect(status, to: "/v2/accounts"), origin: Self.origin))
        #expect(next.method == expected)
        #expect((next.body != nil) == keepsBody)
        #expect(next.url.absoluteString == "https://api.example.com/v2/accounts")
        #expect(next.header("Content-Type") == "application/json")
        #expect(next.header("Authorization") == "Bearer t", "the same host keeps its credentials")
    }

    @Test func aRelativeLocationResolvesAgainstTheRequest() throws {
        let next = try #require(
            Self.post(URL(string: "https://api.example.com/v1/accounts")!)
                .redirected(by: Self.redirect(307, to: "new?x=1"), origin: Self.origin))
        #expect(next.url.absoluteString == "https://api.example.com/v1/new?x=1")
    }

    @Test func anotherHostLosesTheCredentials() throws {
        let next = try #require(
            Self.post().redirected(by: Self.redirect(307, to: "https://elsewhere.example.org/a"), origin: Self.origin))
        #expect(next.header("Authorization") == nil)
        #expect(next.header("Content-Type") == "application/json")
    }

    /// An origin is scheme, host and port: only a hop within it keeps credentials, and a header whose value the
    /// form takes from the environment is one, whatever its name.
    @Test(arguments: [
        ("https://api.example.com/v2", true), ("https://API.example.com:443/v2", true),
        ("https://api.example.com:8443/v2", false), ("http://api.example.com/v2", false),
        ("https://elsewhere.example.org/v2", false),
    ])
    func credentialsStayOnTheOrigin(location: String, keeps: Bool) throws {
        var request = Self.post()
        request.headers += [
            HTTPHeader(name: "X-Api-Key", value: "sk_live_literal"),
            HTTPHeader(name: "X-Tenant", value: "from-env", environmentVariable: "VOZ_TENANT"),
            HTTPHeader(name: "Idempotency-Key", value: "k"),
        ]
        let next = try #require(request.redirected(by: Self.redirect(307, to: location), origin: Self.origin))
        for name in ["Authorization", "X-Api-Key", "X-Tenant"] {
            #expect((next.header(name) != nil) == keeps, "\(name) to \(location)")
        }
        #expect(next.header("Idempotency-Key") == "k")
        #expect(next.header("Content-Type") == "application/json")
    }

    @Test(arguments: [(200, "/x"), (304, "/x"), (300, "/x"), (307, nil)] as [(Int, String?)])
    func aReplyThatIsNoRedirectIsNotFollowed(status: Int, location: String?) {
        #expect(Self.post().redirected(by: Self.redirect(status, to: location), origin: Self.origin) == nil)
    }

    // MARK: - Failures

    static func failure(_ code: CURLcode, errno: Int32 = 0) -> CurlFailure {
        CurlFailure(code: code, osErrno: errno, message: "libcurl's words")
    }

    @Test func eachFailureIsTheTransportErrorURLSessionsWouldBe() {
        let host = "api.example.com"
        func mapped(_ failure: CurlFailure) -> TransportError { TransportError(curl: failure, host: host) }
        #expect(mapped(Self.failure(CURLE_OPERATION_TIMEDOUT)) == .timedOut)
        #expect(mapped(Self.failure(CURLE_COULDNT_CONNECT, errno: ETIMEDOUT)) == .timedOut)
        #expect(mapped(Self.failure(CURLE_COULDNT_RESOLVE_HOST)) == .dnsFailure(host: host))
        #expect(mapped(Self.failure(CURLE_ABORTED_BY_CALLBACK)) == .cancelled)
        for (code, errno) in [(CURLE_COULDNT_CONNECT, ECONNREFUSED), (CURLE_COULDNT_CONNECT, ENETUNREACH)] {
            guard case .cannotConnect(let detail) = mapped(Self.failure(code, errno: errno)) else {
                Issue.record("\(code) with errno \(errno) became \(mapped(Self.failure(code, errno: errno)))")
                continue
            }
            #expect(detail.contains("libcurl's words") && detail.contains("errno \(errno)"))
        }
        for code in [
            CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_WEIRD_SERVER_REPLY,
        ] {
            guard case .connectionLost = mapped(Self.failure(code)) else {
                Issue.record("\(code) became \(mapped(Self.failure(code)))")
                continue
            }
        }
        for code in [CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE] {
            guard case .tls = mapped(Self.failure(code)) else {
                Issue.record("\(code) became \(mapped(Self.failure(code)))")
                continue
            }
        }
        guard case .other = mapped(Self.failure(CURLE_UNSUPPORTED_PROTOCOL)) else {
            Issue.record("an unsupported protocol became \(mapped(Self.failure(CURLE_UNSUPPORTED_PROTOCOL)))")
            return
        }
    }
}
