import Foundation
import VozKit
import VozReplies

/// Redirect chains and proxies: each hop of a generated chain is made by the transport's own rules
/// (`CurlRequest.redirected`, `TransitRules.refusal`, `HopRouting.proxy`) and judged by the fuzzer's oracle,
/// which knows this machine from its own lists, not from Voz.
extension FuzzRunner {
    /// Follows `input`'s chain as `CurlTransport` would and traps on the first hop that breaks the oracle.
    public static func runHops(_ input: Data) {
        guard let hopCase = HopCase(input) else { return }
        if let breach = hopBreach(hopCase) { fatalError("hops: \(breach)") }
    }

    /// Why the chain breaks the oracle, or nil: a secret body in clear text to another machine, answers first sent
    /// encrypted sent on in clear text, credentials off their origin, or this machine reached through a proxy.
    public static func hopBreach(_ hopCase: HopCase) -> String? {
        guard let origin = URL(string: hopCase.url) else { return nil }
        let headers = hopCase.headers.compactMap { parts -> HTTPHeader? in
            guard parts.count == 3 else { return nil }
            return HTTPHeader(name: parts[0], value: parts[1], environmentVariable: parts[2].isEmpty ? nil : parts[2])
        }
        var request = CurlRequest(
            url: origin, method: hopCase.method, headers: headers, body: hopCase.body.map { Data($0.utf8) })
        let rules = TransitRules(secretFields: hopCase.secretFields, allowsCleartext: hopCase.allowsCleartext)
        let routing = HopRouting(environment: hopCase.proxies)
        if let breach = proxyBreach(request.url, routing: routing) { return "first request: \(breach)" }
        for (index, hop) in hopCase.hops.enumerated() {
            let reply = HTTPReply(status: hop.status, headers: [HTTPHeader(name: "Location", value: hop.location)])
            guard let next = request.redirected(by: reply, origin: origin) else { return nil }
            // A refused hop is not sent: the chain ends with the refusal.
            if rules.refusal(of: next, origin: origin, routing: routing) != nil { return nil }
            let place = "hop \(index + 1) (\(hop.status) to \(next.url.absoluteString))"
            if let breach = hopBreach(next, origin: origin, allowsCleartext: hopCase.allowsCleartext) {
                return "\(place): \(breach)"
            }
            if let breach = proxyBreach(next.url, routing: routing) { return "\(place): \(breach)" }
            request = next
        }
        return nil
    }

    static func hopBreach(_ next: CurlRequest, origin: URL, allowsCleartext: Bool) -> String? {
        let cleartextElsewhere =
            next.url.scheme?.lowercased() == "http" && !HopCase.isThisMachine(next.url.host ?? "")
        let body = next.body.map { String(decoding: $0, as: UTF8.self) } ?? ""
        if !allowsCleartext, cleartextElsewhere, body.contains(HopCase.password) {
            return "the password went in clear text to another machine"
        }
        if !allowsCleartext, cleartextElsewhere, next.body != nil, origin.scheme?.lowercased() == "https" {
            return "answers sent over https went on in clear text to another machine"
        }
        if !sameOrigin(next.url, origin) {
            let credentials = ["authorization", "cookie", "proxy-authorization"]
            if let header = next.headers.first(where: {
                credentials.contains($0.name.lowercased()) || $0.value.contains(HopCase.apiKey)
            }) {
                return "the credential header \(header.name) went to another origin"
            }
        }
        return nil
    }

    static func proxyBreach(_ url: URL, routing: HopRouting) -> String? {
        let proxy = routing.proxy(for: url)
        guard HopCase.isThisMachine(url.host ?? ""), !proxy.address.isEmpty else { return nil }
        return "this machine was reached through the proxy \(proxy.address)"
    }

    /// The fuzzer's own notion of an origin: scheme, host and port, the scheme's port when none is written.
    static func sameOrigin(_ one: URL, _ other: URL) -> Bool {
        func parts(_ url: URL) -> [String] {
            let scheme = url.scheme?.lowercased() ?? ""
            let port = url.port ?? (scheme == "https" ? 443 : 80)
            return [scheme, (url.host ?? "").lowercased(), String(port)]
        }
        return parts(one) == parts(other)
    }
}
