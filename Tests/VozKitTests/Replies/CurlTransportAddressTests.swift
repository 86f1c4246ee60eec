import Foundation
import Testing
import VozTestTraits

@testable import VozKit
@testable import VozReplies

/// DNS rebinding: a destination was judged by its host name, and libcurl then resolved the name again, so a name
/// that answered an address on the internet to the check and 127.0.0.1 to the connection reached this machine.
/// Every hop is now judged by the addresses its name resolves to, resolved once; libcurl connects only to those
/// (`CURLOPT_RESOLVE`), and the address it connected to is judged again before a byte is sent.
///
/// Names here are test names (`rebind.test`, which no name server knows) answered by the routing's own resolver,
/// and the machine's real names from /etc/hosts: libcurl reaching the server through `rebind.test` proves it
/// used the address it was handed.
@Suite(.serialized, .ownThread) struct CurlTransportAddressTests {
    static func request(_ url: URL, refusingLocal: Bool) -> SubmissionRequest {
        SubmissionRequest(
            url: url, method: .post, headers: [], body: Data(#"{"email":"ana@example.com"}"#.utf8), timeoutSeconds: 10,
            transit: TransitRules(refusesLocalAddresses: refusingLocal))
    }

    /// A name no name server knows, answered by the test as a rebinding name server answers the connection.
    static func rebinding(to address: String, environment: [String: String] = [:]) -> HopRouting {
        HopRouting(environment: environment) { $0 == "rebind.test" ? [address] : nil }
    }

    static func send(_ request: SubmissionRequest, routing: HopRouting) async -> Result<Int, TransportError> {
        let transport = CurlTransport(replyLimit: 1 << 20, library: CurlLibrary.shared, routing: routing)
        do {
            return .success(try await transport.send(request).status)
        } catch {
            return .failure(error)
        }
    }

    @Test func aNameThatResolvesToThisMachineIsRefusedBeforeConnecting() async throws {
        let server = try LoopbackHTTPServer { _ in .reply(status: 201) }
        defer { server.stop() }
        let url = server.url("/containers/create", host: "rebind.test")
        let result = await Self.send(Self.request(url, refusingLocal: true), routing: Self.rebinding(to: "127.0.0.1"))
        guard case .failure(.localAddressRefused(let detail)) = result else {
            Issue.record("expected localAddressRefused, got \(result)")
            return
        }
        #expect(detail.contains("127.0.0.1"), "\(detail)")
        #expect(server.requests.isEmpty)
    }

    /// A name no rule depends on (no refusal, no proxy) is left to libcurl, whose lookup keeps the form's timeout
    /// and its cancel: nothing here looks it up, so `rebind.test` resolves nowhere.
    @Test func aNameNoRuleDependsOnIsLeftToLibcurl() async throws {
        let server = try LoopbackHTTPServer { _ in .reply(status: 201) }
        defer { server.stop() }
        let url = server.url("/accounts", host: "rebind.test")
        let result = await Self.send(Self.request(url, refusingLocal: false), routing: Self.rebinding(to: "127.0.0.1"))
        guard case .failure(.dnsFailure) = result else {
            Issue.record("expected dnsFailure, got \(result)")
            return
        }
        #expect(server.requests.isEmpty)
    }

    /// A name whose every address is this machine gets this machine's rules: it never goes through a proxy. And
    /// the address handed over is the one libcurl connects to: `rebind.test` resolves nowhere else.
    @Test func aNameThatResolvesToThisMachineNeverGoesThroughAProxy() async throws {
        let proxy = try LoopbackHTTPServer { _ in .reply(status: 502) }
        defer { proxy.stop() }
        let server = try LoopbackHTTPServer { _ in .reply(status: 201) }
        defer { server.stop() }
        let routing = Self.rebinding(to: "127.0.0.1", environment: ["http_proxy": "http://127.0.0.1:\(proxy.port)"])
        let url = server.url("/accounts", host: "rebind.test")
        #expect(await Self.send(Self.request(url, refusingLocal: false), routing: routing) == .success(201))
        #expect(proxy.requests.isEmpty)
    }

    /// Addresses libcurl reads as this machine, written so that no name says so.
    @Test(arguments: ["127.1", "0x7f000001", "2130706433", "0177.0.0.1", "[::ffff:127.0.0.1]", "api.localhost"])
    func everySpellingOfThisMachineIsThisMachine(host: String) async throws {
        #expect(TransportPolicy.isLoopback(host))
        let proxy = try LoopbackHTTPServer { _ in .reply(status: 502) }
        defer { proxy.stop() }
        let server = try LoopbackHTTPServer { _ in .reply(status: 201) }
        defer { server.stop() }
        let url = try #require(URL(string: "http://\(host):\(server.port)/accounts"))
        let refused = await Self.send(Self.request(url, refusingLocal: true), routing: .system)
        guard case .failure(.localAddressRefused) = refused else {
            Issue.record("\(host): expected localAddressRefused, got \(refused)")
            return
        }
        #expect(server.requests.isEmpty)
        // Allowed, it goes straight to this machine, never through the proxy the environment names.
        let routing = HopRouting(environment: ["http_proxy": "http://127.0.0.1:\(proxy.port)"])
        guard host != "api.localhost" else { return }
        #expect(await Self.send(Self.request(url, refusingLocal: false), routing: routing) == .success(201), "\(host)")
        #expect(proxy.requests.isEmpty, "\(host)")
    }

    /// This machine's own name, which /etc/hosts maps to a loopback address: not this machine by how it is
    /// written, this machine by where it leads. Judged through the system's resolver, as voz judges it.
    static let hostName: String? = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard HostScope(host: name) == .internet, let addresses = HostScope.addresses(of: name),
            addresses.allSatisfy({ HostScope(host: $0) == .thisMachine })
        else { return nil }
        return name
    }()

    @Test(.enabled(if: hostName != nil, "this machine's name does not resolve to a loopback address"))
    func thisMachinesOwnNameIsRefusedByItsAddress() async throws {
        let name = try #require(Self.hostName)
        let server = try LoopbackHTTPServer { _ in .reply(status: 201) }
        defer { server.stop() }
        let url = server.url("/accounts", host: name)
        let result = await Self.send(Self.request(url, refusingLocal: true), routing: .system)
        guard case .failure(.localAddressRefused) = result else {
            Issue.record("expected localAddressRefused, got \(result)")
            return
        }
        #expect(server.requests.isEmpty)
        #expect(await Self.send(Self.request(url, refusingLocal: false), routing: .system) == .success(201))
    }

    /// A name that did not resolve for the check (a name server that fails the first lookup) and that libcurl then
    /// resolves to this machine: the address connected to is judged before the request leaves.
    @Test(.enabled(if: hostName != nil, "this machine's name does not resolve to a loopback address"))
    func aConnectionToThisMachineIsStoppedBeforeTheRequestLeaves() async throws {
        let name = try #require(Self.hostName)
        let server = try LoopbackHTTPServer { _ in .reply(status: 201) }
        defer { server.stop() }
        let failing = HopRouting(environment: [:]) { _ in nil }
        let url = server.url("/accounts", host: name)
        let result = await Self.send(Self.request(url, refusingLocal: true), routing: failing)
        guard case .failure(.localAddressRefused(let detail)) = result else {
            Issue.record("expected localAddressRefused, got \(result)")
            return
        }
        #expect(detail.contains("connected to 127."), "\(detail)")
        #expect(server.requests.isEmpty)
    }

    /// The refusal travels from the policy `voz run --openapi` sets (a description from another host, without
    /// --allow-local-target) to the rules every hop is judged by.
    @Test func thePolicyHandsTheRefusalToEveryHop() {
        var policy = SendingPolicy.standard
        #expect(!policy.transitRules(for: ServerFixtures.form).refusesLocalAddresses)
        policy.refusesLocalAddresses = true
        #expect(policy.transitRules(for: ServerFixtures.form).refusesLocalAddresses)
    }

    /// The second line: whatever libcurl connected to is judged before the request leaves, an address not judged
    /// and this machine when refused.
    @Test func theAddressConnectedToIsJudgedBeforeSending() {
        let pinned = HopRouting.Route(
            proxy: HopRouting.Proxy(address: "", bypass: "*"), pinned: ["93.184.215.14"], refusesLocal: true)
        #expect(HopRouting.connectionRefusal(to: "93.184.215.14", route: pinned) == nil)
        #expect(HopRouting.connectionRefusal(to: "127.0.0.1", route: pinned) != nil)
        var open = pinned
        open.refusesLocal = false
        #expect(HopRouting.connectionRefusal(to: "10.0.0.7", route: open) != nil, "not an address judged")
        open.pinned = []
        #expect(HopRouting.connectionRefusal(to: "10.0.0.7", route: open) == nil)
        #expect(HopRouting.connectionRefusal(to: "::ffff:127.0.0.1", route: pinned) != nil)
    }

    /// Each hop's route, redirects included (the exchange routes every hop the same way): refused by how the host
    /// is written or by any address its name resolves to; otherwise pinned to the addresses judged.
    @Test func aRouteIsJudgedByNameAndByEveryAddress() throws {
        let routing = HopRouting(environment: [:]) { host in
            switch host {
            case "mixed.test": return ["93.184.215.14", "192.168.1.20"]
            case "public.test": return ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"]
            default: return nil
            }
        }
        let refused = ["http://mixed.test/x", "http://10.0.0.7/x", "http://[fe80::1]/x", "https://x.localhost/x"]
        for address in refused {
            let route = routing.route(for: try #require(URL(string: address)), refusingLocal: true)
            #expect(route.refusal != nil, "\(address)")
        }
        let open = routing.route(for: try #require(URL(string: "https://public.test/x")), refusingLocal: true)
        #expect(open.refusal == nil)
        #expect(open.pinned.count == 2)
        let url = try #require(URL(string: "https://public.test/x"))
        #expect(
            HopRouting.resolveEntry(url, route: open)
                == "public.test:443:93.184.215.14,[2606:2800:21f:cb07:6820:80da:af6b:8b2c]")
        // Without the refusal, a private address is a place like any other.
        let mixed = try #require(URL(string: "http://mixed.test:8080/x"))
        #expect(routing.route(for: mixed, refusingLocal: false).refusal == nil)
    }
}
