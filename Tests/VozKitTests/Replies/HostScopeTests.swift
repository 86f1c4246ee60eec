import Foundation
import Testing

@testable import VozReplies

/// How far away a host is, judged on the host as written, in every form libcurl reads an address (issue 37).
@Suite struct HostScopeTests {
    @Test(arguments: [
        "localhost", "LOCALHOST.", "api.localhost", "127.0.0.1", "127.9.8.7", "127.1", "0x7f000001", "2130706433",
        "0177.0.0.1", "0.0.0.0", "[::1]", "::", "[::ffff:127.0.0.1]", "::ffff:7f00:1",
    ])
    func thisMachineInEveryForm(host: String) {
        #expect(HostScope(host: host) == .thisMachine)
    }

    @Test(arguments: [
        "10.0.0.1", "10.255.255.255", "172.16.0.1", "172.31.255.254", "192.168.1.10", "169.254.169.254",
        "[fc00::1]", "fd12:3456::1", "[fe80::1%25eth0]", "febf::1", "::ffff:10.1.2.3", "0xa000001",
    ])
    func privateNetworks(host: String) {
        #expect(HostScope(host: host) == .privateNetwork)
    }

    @Test(arguments: [
        "example.com", "api.stripe.com", "8.8.8.8", "172.15.0.1", "172.32.0.1", "192.169.0.1", "169.253.1.1",
        "[2001:db8::1]", "fec0::1", "face.bad", "localhost.example.com",
    ])
    func theInternet(host: String) {
        #expect(HostScope(host: host) == .internet)
    }

    /// A name other than `localhost` that the hosts file maps to 127.x (a machine's own name, on most systems):
    /// resolved, it is this machine. Only the hosts file is read; no name server is asked.
    static let loopbackName: String? = {
        let hosts = (try? String(contentsOfFile: "/etc/hosts", encoding: .utf8)) ?? ""
        for line in hosts.split(separator: "\n") {
            let words = line.split(whereSeparator: \.isWhitespace)
            guard let address = words.first, address.hasPrefix("127.") else { continue }
            let names = words.dropFirst().prefix { !$0.hasPrefix("#") }
            if let name = names.first(where: { !$0.lowercased().contains("localhost") }) { return String(name) }
        }
        return nil
    }()

    @Test(.enabled(if: loopbackName != nil)) func aNameThatResolvesToThisMachineIsThisMachine() throws {
        let name = try #require(Self.loopbackName)
        #expect(HostScope(host: name) == .internet, "as written, a name is the internet's")
        #expect(HostScope.resolving(name) == .thisMachine)
    }

    @Test func anAddressIsNotResolved() {
        #expect(HostScope.resolving("10.1.2.3") == .privateNetwork)
        #expect(HostScope.resolving("[::1]") == .thisMachine)
        #expect(HostScope.resolving("2130706433") == .thisMachine)
    }

    @Test(arguments: [
        ("0x7f.1", "127.0.0.1"), ("2130706433", "127.0.0.1"), ("[::1]", "::1"), ("[0:0:0:0:0:0:0:1]", "::1"),
        ("Docker.Example.NET", "Docker.Example.NET"),
    ])
    func aHostIsSaidInItsUsualForm(host: String, spoken: String) {
        #expect(HostScope.spoken(host) == spoken)
    }
}
