import Foundation

/// How each hop of an exchange reaches its address: directly or through a proxy, and which hosts are this machine.
///
/// libcurl would read the proxy variables itself and send a request for this machine through a proxy on another
/// one, in clear text, while the plain-HTTP rule judged only the target. Here Voz reads them, the way libcurl does,
/// and tells libcurl the outcome for every hop: an address on this machine never goes through a proxy, so what the
/// rule judges (the target) is where the bytes go. An https address goes through a proxy only inside a `CONNECT`
/// tunnel, so a proxy sees no more of it than any other machine on the way.
package struct HopRouting: Sendable {
    /// Whether a host names this machine; tests name another notion so that "another machine" is never dialled.
    package var isLoopback: @Sendable (String) -> Bool
    /// The variables the proxy settings are read from (`http_proxy`, `https_proxy`, `all_proxy`, `no_proxy`).
    package var environment: [String: String]
    /// The addresses a name resolves to now, nil when it does not (`HostScope.addresses(of:)`); tests give a
    /// resolver of their own, or none, to judge names as written.
    package var resolve: @Sendable (String) -> [String]?

    /// Routing by these rules.
    package init(
        isLoopback: @escaping @Sendable (String) -> Bool = TransportPolicy.isLoopback,
        environment: [String: String],
        resolve: @escaping @Sendable (String) -> [String]? = HostScope.addresses(of:)
    ) {
        self.isLoopback = isLoopback
        self.environment = environment
        self.resolve = resolve
    }

    /// This process's proxy settings and the one notion of this machine.
    package static var system: HopRouting {
        HopRouting(environment: ProcessInfo.processInfo.environment)
    }

    /// What libcurl is told for a hop to `url`: the proxy to use, "" for none.
    package struct Proxy: Sendable, Equatable {
        /// `CURLOPT_PROXY`: the proxy's address, or "" for a direct connection.
        package var address: String
        /// `CURLOPT_NOPROXY`: the hosts that bypass it, as the environment lists them.
        package var bypass: String
    }

    /// The proxy a hop to `url` goes through, as libcurl would choose it from the environment, except that an
    /// address on this machine always goes directly.
    package func proxy(for url: URL) -> Proxy {
        let direct = Proxy(address: "", bypass: "*")
        guard !isLoopback(url.host ?? "") else { return direct }
        let scheme = url.scheme?.lowercased() ?? ""
        // As libcurl: only the lower-case `http_proxy`, since a CGI program gets `HTTP_PROXY` from a request's
        // `Proxy:` header; every other scheme takes either case; then `all_proxy`.
        var names = ["\(scheme)_proxy"]
        if scheme != "http" { names.append("\(scheme.uppercased())_PROXY") }
        names += ["all_proxy", "ALL_PROXY"]
        guard let address = names.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
            return direct
        }
        return Proxy(address: address, bypass: environment["no_proxy"] ?? environment["NO_PROXY"] ?? "")
    }

    /// Whether a hop to `url` crosses a network in clear text: plain `http` to a host that is not this machine
    /// (a proxy changes nothing: this machine is never reached through one, and another one is plain anyway).
    package func isCleartext(_ url: URL) -> Bool {
        url.scheme?.lowercased() == "http" && !isLoopback(url.host ?? "")
    }
}
