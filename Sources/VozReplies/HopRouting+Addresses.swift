import Foundation

// A name is judged by the addresses it resolves to, not by how it is written: `vm` in /etc/hosts, or a name
// server that answers 127.0.0.1 for `evil.example`, reaches this machine. And it is resolved once: a rebinding
// name server answers one address to the check and another to the connection, so the addresses judged are the
// ones handed to libcurl (`CURLOPT_RESOLVE`), and the address connected to is judged again before a byte is sent
// (`CURLOPT_PREREQFUNCTION`).
extension HopRouting {
    /// How one hop reaches its address.
    package struct Route: Sendable, Equatable {
        /// The proxy, "" for a direct connection.
        package var proxy: Proxy
        /// The addresses a direct connection may go to, judged; empty when libcurl reads the host itself (an
        /// address written as a number, or a name that did not resolve here).
        package var pinned: [String]
        /// Whether a connection to this machine or a private network is refused (`TransitRules`).
        package var refusesLocal: Bool
        /// Why the hop may not be made at all; nil when it may. In English, for the technical log.
        package var refusal: String?
    }

    /// The route of a hop to `url`. When `refusingLocal`, a host on this machine or a private network, by how it
    /// is written or by any address it resolves to, is refused. A name whose every address is this machine goes
    /// directly, as `localhost` does: never through a proxy.
    ///
    /// A name is looked up here only when a rule depends on its addresses: when local ones are refused, or when a
    /// proxy would carry the hop. Otherwise libcurl resolves it, within the form's timeout and its cancel, which a
    /// lookup here (`getaddrinfo` blocks) would not keep.
    package func route(for url: URL, refusingLocal: Bool) -> Route {
        let host = url.host ?? ""
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        let written = HostScope(host: host)
        var route = Route(proxy: proxy(for: url), pinned: [], refusesLocal: refusingLocal)
        if refusingLocal, written.isLocal {
            route.refusal = "refused: \(host) is this machine or a private network"
            return route
        }
        let literal = HostScope.ipv4(bare) != nil || HostScope.ipv6(bare) != nil
        guard !literal, written == .internet, refusingLocal || !route.proxy.address.isEmpty,
            let addresses = resolve(bare), !addresses.isEmpty
        else { return route }
        if refusingLocal, let local = addresses.first(where: { HostScope(host: $0).isLocal }) {
            route.refusal = "refused: \(host) resolves to \(local), this machine or a private network"
            return route
        }
        if addresses.allSatisfy({ isLoopback($0) }) {
            route.proxy = Proxy(address: "", bypass: "*")
        }
        if route.proxy.address.isEmpty { route.pinned = addresses }
        return route
    }

    /// libcurl's `CURLOPT_RESOLVE` entry for a hop to `url` by `route`: `host:port:address,…`, IPv6 addresses in
    /// brackets; nil when nothing is pinned.
    package static func resolveEntry(_ url: URL, route: Route) -> String? {
        guard !route.pinned.isEmpty, let host = url.host else { return nil }
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        let addresses = route.pinned.map { $0.contains(":") ? "[\($0)]" : $0 }.joined(separator: ",")
        return "\(host):\(port):\(addresses)"
    }

    /// Why the connection libcurl made to `address` (the number it connected to) may not carry the request; nil
    /// when it may: a direct hop goes only to an address judged, and never to this machine or a private network
    /// when those are refused.
    package static func connectionRefusal(to address: String, route: Route) -> String? {
        guard route.proxy.address.isEmpty else { return nil }
        if route.refusesLocal, HostScope(host: address).isLocal {
            return "refused: connected to \(address), this machine or a private network"
        }
        let spoken = HostScope.spoken(address)
        if !route.pinned.isEmpty, !route.pinned.contains(where: { HostScope.spoken($0) == spoken }) {
            return "refused: connected to \(address), not an address judged"
        }
        return nil
    }
}
