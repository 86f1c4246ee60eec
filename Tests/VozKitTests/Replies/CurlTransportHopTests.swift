import Foundation
import Synchronization
import Testing
import VozTestTraits

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozOpenAPI
@testable import VozReplies

/// Every hop of a send through the real transport, against real loopback servers: a redirect is judged by the
/// sending rules of the first address, credentials stay on their origin, and this machine is never reached
/// through a proxy.
///
/// Nothing here leaves the machine. Where a test needs "another machine", the transport's notion of this machine
/// is only `127.0.0.1`, so `localhost` (a second listener here) stands for one: the rules judge it as the network
/// it would be, and refuse before connecting.
@Suite(.serialized, .ownThread) struct CurlTransportHopTests {
    /// Routing that takes `localhost` for another machine, with these proxy settings.
    static func elsewhere(_ environment: [String: String] = [:]) -> HopRouting {
        HopRouting(isLoopback: { $0 == "127.0.0.1" }, environment: environment)
    }

    static let password = "s3cret passw0rd"

    static func request(
        _ url: URL, headers: [HTTPHeader] = [], transit: TransitRules = TransitRules(secretFields: ["Contraseña"])
    ) -> SubmissionRequest {
        SubmissionRequest(
            url: url, method: .post, headers: headers,
            body: Data(#"{"email":"ana@example.com","password":"\#(password)"}"#.utf8), timeoutSeconds: 10,
            transit: transit)
    }

    /// A server that redirects `/start` with `status` to what `target` says, and answers 201 elsewhere.
    static func redirecting(_ status: Int, to target: @escaping @Sendable () -> String) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            guard request.path == "/start" else { return .reply(status: 201) }
            return .reply(status: status, headers: [HTTPHeader(name: "Location", value: target())])
        }
    }

    // MARK: - Secrets on every hop

    @Test(arguments: [307, 308])
    func aRedirectThatWouldSendSecretsInClearTextIsRefusedBeforeConnecting(status: Int) async throws {
        let other = try LoopbackHTTPServer { _ in .reply(status: 201) }
        defer { other.stop() }
        let target = Mutex(other.url("/landing", host: "localhost").absoluteString)
        let first = try Self.redirecting(status) { target.withLock { $0 } }
        defer { first.stop() }

        let transport = CurlTransport(replyLimit: 1 << 20, library: CurlLibrary.shared, routing: Self.elsewhere())
        do {
            let reply = try await transport.send(Self.request(first.url("/start")))
            Issue.record("the redirect was followed: \(reply.status)")
        } catch {
            guard case .redirectRefused(let detail) = error else {
                Issue.record("expected redirectRefused, got \(error)")
                return
            }
            #expect(detail.contains("Contraseña") && detail.contains("localhost:\(other.port)"), "\(detail)")
        }
        #expect(other.requests.isEmpty, "the password reached \(other.requests.map(\.path))")
        #expect(first.requests.count == 1)
    }

    /// The same rules as the first address, no stricter: a body without secrets may go over plain HTTP, a redirect
    /// that drops the body carries nothing, and `--allow-insecure` lets secrets through as it does at first.
    @Test(arguments: [
        (307, TransitRules(), "POST", true), (308, TransitRules(), "POST", true),
        (307, TransitRules(secretFields: ["Contraseña"], allowsCleartext: true), "POST", true),
    ])
    func whatTheFirstAddressMayReceiveSoMayARedirect(
        status: Int, transit: TransitRules, method: String, keepsBody: Bool
    ) async throws {
        let other = try LoopbackHTTPServer { _ in .reply(status: 201) }
        defer { other.stop() }
        let target = Mutex(other.url("/landing", host: "localhost").absoluteString)
        let first = try Self.redirecting(status) { target.withLock { $0 } }
        defer { first.stop() }

        let transport = CurlTransport(replyLimit: 1 << 20, library: CurlLibrary.shared, routing: Self.elsewhere())
        let reply = try await transport.send(Self.request(first.url("/start"), transit: transit))
        #expect(reply.status == 201)
        let landing = try #require(other.requests.first)
        #expect(landing.method == method)
        #expect(String(decoding: landing.body, as: UTF8.self).contains(Self.password) == keepsBody)
    }

    /// The third newcomer: a 302 to a login page after the POST was followed with GET, its 200 said "Form sent.".
    /// A redirect that would turn the send into another page's GET is not followed: it is the reply, and what
    /// became of the form is not known from it (never "sent").
    @Test(arguments: [301, 302, 303])
    func aRedirectThatWouldTurnTheSendIntoAGetIsTheReply(status: Int) async throws {
        let other = try LoopbackHTTPServer { _ in .reply(status: 200) }
        defer { other.stop() }
        let target = Mutex(other.url("/login").absoluteString)
        let first = try Self.redirecting(status) { target.withLock { $0 } }
        defer { first.stop() }

        let transport = CurlTransport(replyLimit: 1 << 20, library: CurlLibrary.shared, routing: Self.elsewhere())
        let reply = try await transport.send(Self.request(first.url("/start"), transit: TransitRules()))
        #expect(reply.status == status)
        #expect(other.requests.isEmpty, "followed to \(other.requests.map(\.path))")
        let form = SubmissionControllerTests.form()
        let outcome = ReplyInterpreter(form: form, localizer: Localizer(language: .en)).interpret(reply)
        guard case .failure(let failure) = outcome else {
            Issue.record("a redirect was taken for a success: \(outcome)")
            return
        }
        #expect(failure.message.contains("not known whether it arrived"), "\(failure.message)")
    }

    // MARK: - Credentials stay on their origin

    /// An origin is scheme, host and port: another port of this very host is another service, and a header whose
    /// value comes from the environment is a credential whatever its name.
    @Test(arguments: [("127.0.0.1", true, true), ("127.0.0.1", false, false), ("localhost", true, false)])
    func credentialsFollowARedirectOnlyOnTheSameOrigin(host: String, samePort: Bool, keeps: Bool) async throws {
        let other = try LoopbackHTTPServer { _ in .reply(status: 201) }
        defer { other.stop() }
        let target = Mutex("")
        let first = try Self.redirecting(307) { target.withLock { $0 } }
        defer { first.stop() }
        let landing = samePort ? first.url("/landing", host: host) : other.url("/landing", host: host)
        target.withLock { $0 = landing.absoluteString }
        let headers = [
            HTTPHeader(name: "Authorization", value: "Bearer secret-token"),
            HTTPHeader(name: "X-Api-Key", value: "sk_live_literal"),
            HTTPHeader(name: "X-Tenant-Token", value: "tenant-from-env", environmentVariable: "VOZ_TENANT"),
            HTTPHeader(name: "Idempotency-Key", value: "key-1"),
        ]

        let reply = try await CurlTransport().send(
            Self.request(first.url("/start"), headers: headers, transit: TransitRules()))
        #expect(reply.status == 201)
        let received = try #require((first.requests + other.requests).first { $0.path == "/landing" })
        for name in ["Authorization", "X-Api-Key", "X-Tenant-Token"] {
            #expect((received.header(name) != nil) == keeps, "\(name) to \(landing)")
        }
        #expect(received.header("Idempotency-Key") == "key-1")
    }

    // MARK: - Proxies

    static func proxySettings(_ proxy: LoopbackHTTPServer) -> [String: String] {
        let address = "http://127.0.0.1:\(proxy.port)"
        return ["http_proxy": address, "HTTPS_PROXY": address, "ALL_PROXY": address, "all_proxy": address]
    }

    /// libcurl sent a request for this machine through the proxy in clear text, password included, while the
    /// plain-HTTP rule judged only the target.
    @Test func thisMachineIsNeverReachedThroughAProxy() async throws {
        let proxy = try LoopbackHTTPServer { _ in .reply(status: 502) }
        defer { proxy.stop() }
        let server = try LoopbackHTTPServer { _ in .reply(status: 201) }
        defer { server.stop() }
        let routing = HopRouting(environment: Self.proxySettings(proxy))

        for host in ["127.0.0.1", "localhost"] {
            let transport = CurlTransport(replyLimit: 1 << 20, library: CurlLibrary.shared, routing: routing)
            let reply = try await transport.send(Self.request(server.url("/accounts", host: host)))
            #expect(reply.status == 201, "\(host)")
        }
        #expect(proxy.requests.isEmpty, "the proxy got \(proxy.requests.map(\.path))")
        #expect(server.requests.count == 2)
    }

    /// The settings are still honoured for other machines: Voz reads them as libcurl does and hands them over.
    @Test func anotherMachineIsReachedThroughTheProxyTheEnvironmentNames() async throws {
        let proxy = try LoopbackHTTPServer { _ in .reply(status: 201) }
        defer { proxy.stop() }
        let server = try LoopbackHTTPServer { _ in .reply(status: 500) }
        defer { server.stop() }
        let routing = Self.elsewhere(["http_proxy": "http://127.0.0.1:\(proxy.port)"])

        let transport = CurlTransport(replyLimit: 1 << 20, library: CurlLibrary.shared, routing: routing)
        let reply = try await transport.send(
            Self.request(server.url("/accounts", host: "localhost"), transit: TransitRules()))
        #expect(reply.status == 201)
        #expect(proxy.requests.first?.path == "http://localhost:\(server.port)/accounts")
        #expect(server.requests.isEmpty)
    }

    /// A description read from this machine decides where answers go: it never passes through a proxy either.
    @Test func aDescriptionFromThisMachineIsNeverReadThroughAProxy() async throws {
        let proxy = try LoopbackHTTPServer { _ in .reply(status: 200, body: Data(#"{"openapi":"3.1.0"}"#.utf8)) }
        defer { proxy.stop() }
        let document = #"{"openapi":"3.0.3","info":{"title":"Here","version":"1"},"paths":{}}"#
        let server = try LoopbackHTTPServer { _ in
            .reply(
                status: 200, headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
                body: Data(document.utf8))
        }
        defer { server.stop() }
        let loader = CurlSpecLoader(
            timeoutSeconds: 10, library: CurlLibrary.shared, routing: HopRouting(environment: Self.proxySettings(proxy))
        )

        let bytes = try await loader.load(server.url("/api.json").absoluteString)
        #expect(String(decoding: bytes.bytes, as: UTF8.self) == document)
        #expect(proxy.requests.isEmpty)
    }
}
