import Foundation
import VozTestSupport

/// One redirect chain for the `hops` target: a submission's first request (its method, headers, body and the
/// person's `--allow-insecure`), the redirects a server answers it with, and the proxy variables of the run.
///
/// Hosts come from two fixed lists the oracle trusts, not from Voz: `loopbackHosts` are spellings libcurl
/// connects to this machine with, `otherHosts` are other machines. Nothing is ever dialled: the chain is judged
/// by the hop rules in process.
public struct HopCase: StoredFuzzCase, Sendable, Equatable {
    public struct Hop: Codable, Sendable, Equatable {
        public var status: Int
        /// The `Location` header as the server writes it: absolute, scheme-relative or a path.
        public var location: String
    }

    public var method: String
    public var url: String
    /// Name, value, and the environment variable the value comes from ("" for none).
    public var headers: [[String]]
    /// Nil for no body; the password marker inside when the body carries a secret.
    public var body: String?
    public var secretFields: [String]
    public var allowsCleartext: Bool
    public var hops: [Hop]
    public var proxies: [String: String]

    /// What a body carrying a secret holds; the oracle looks for it in every hop's body.
    public static let password = "Pw-9xq!Secreto"
    /// What an environment header (an API key) holds.
    public static let apiKey = "sk_live_fuzz4217"

    /// Names for this machine, in the forms a URL writes them and libcurl reads them.
    public static let loopbackHosts = ["127.0.0.1", "localhost", "LocalHost", "127.0.0.2", "[::1]", "api.localhost"]
    /// Other machines: public names and addresses, private ones, and names that only look like this machine.
    public static let otherHosts = [
        "example.com", "API.example.org", "10.0.0.7", "192.168.1.20", "8.8.8.8", "127.0.0.1.nip.io",
        "localhost.example.com", "[2001:db8::1]", "evil.test",
    ]

    static let proxyValues = [
        "http://proxy.example:3128", "http://127.0.0.1:3128", "socks5://10.0.0.1:1080", "", "proxy.example:8080",
    ]
    static let proxyNames = [
        "http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY",
    ]

    /// A random chain: one to eight redirects among every redirect status, across schemes, hosts and ports.
    public static func make(_ random: inout SeededGenerator) -> HopCase {
        func address() -> String {
            let host = random.chance(1, in: 2) ? random.pick(loopbackHosts) : random.pick(otherHosts)
            let scheme = random.chance(1, in: 2) ? "http" : "https"
            let port = random.pick(["", "", ":8080", ":443", ":80", ":9"])
            return "\(scheme)://\(host)\(port)"
        }
        let method = random.pick(["POST", "POST", "PUT", "PATCH", "GET", "DELETE"])
        var headers = [["Content-Type", "application/json", ""]]
        if random.chance(1, in: 2) { headers.append(["X-Api-Key", apiKey, "VOZ_API_KEY"]) }
        if random.chance(1, in: 2) {
            headers.append([random.pick(["Authorization", "authorization"]), "Bearer t0k", ""])
        }
        if random.chance(1, in: 3) { headers.append(["Cookie", "session=c00kie", ""]) }
        if random.chance(1, in: 3) { headers.append(["X-Token", "tok-\(apiKey)", "VOZ_TOKEN"]) }
        let carriesSecret = random.chance(1, in: 2)
        let body: String? =
            method == "GET" && random.chance(1, in: 2)
            ? nil : carriesSecret ? #"{"password":"\#(password)"}"# : #"{"name":"Ana"}"#
        let statuses = [301, 302, 303, 307, 308, 307, 308, 300, 304, 305, 306]
        let hops = (0..<Int.random(in: 1...8, using: &random)).map { _ -> Hop in
            let location: String
            switch Int.random(in: 0..<6, using: &random) {
            case 0: location = "/next/\(Int.random(in: 0...9, using: &random))"
            case 1: location = "//" + random.pick(loopbackHosts + otherHosts) + "/scheme-relative"
            case 2: location = "next?x=1"
            default: location = address() + "/hop"
            }
            return Hop(status: random.pick(statuses), location: location)
        }
        var proxies: [String: String] = [:]
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let name = random.pick(proxyNames)
            proxies[name] =
                name.lowercased() == "no_proxy"
                ? random.pick(["", "*", "localhost,127.0.0.1", "example.com", ".example.org"])
                : random.pick(proxyValues)
        }
        return HopCase(
            method: method, url: address() + "/submit", headers: headers, body: body,
            secretFields: carriesSecret && body != nil ? ["Contraseña"] : [],
            allowsCleartext: random.chance(1, in: 8), hops: hops, proxies: proxies)
    }

    init(
        method: String, url: String, headers: [[String]], body: String?, secretFields: [String],
        allowsCleartext: Bool, hops: [Hop], proxies: [String: String]
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.secretFields = secretFields
        self.allowsCleartext = allowsCleartext
        self.hops = hops
        self.proxies = proxies
    }

    /// Whether the fuzzer's own lists name `host` as this machine; a host in neither list is another machine.
    public static func isThisMachine(_ host: String) -> Bool {
        let bare = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return loopbackHosts.contains {
            $0.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]")) == bare
        }
    }
}
