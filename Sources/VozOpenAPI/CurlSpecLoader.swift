import Foundation
import Synchronization
import VozForm
import VozReplies
import VozSupport

/// Reads descriptions from files and from http(s) addresses with libcurl: at most `limit` bytes, within
/// `timeoutSeconds`, through at most `maxRedirects` redirects, and over plain HTTP only to this machine (the rule
/// `TransportPolicy` applies to sending: what crosses a network in clear text can be changed on the way, and a
/// changed description changes where the answers go). libcurl is opened on the first download, never for files.
public struct CurlSpecLoader: SpecLoader {
    /// The largest document read, in bytes.
    public var limit: Int
    /// How long one download may take, in seconds.
    public var timeoutSeconds: Double
    /// The most redirects followed before a download fails.
    public var maxRedirects: Int
    /// Reads over plain HTTP from other machines too.
    public var allowInsecure: Bool
    let library: @Sendable () throws(SharedLibrary.LoadError) -> CurlLibrary
    /// Which proxy each download goes through (an address on this machine never through one).
    let routing: HopRouting

    /// A loader with these limits; plain HTTP to other machines is refused unless `allowInsecure`.
    public init(
        limit: Int = SpecDocument.maxBytes, timeoutSeconds: Double = 30, maxRedirects: Int = 5,
        allowInsecure: Bool = false
    ) {
        self.init(
            limit: limit, timeoutSeconds: timeoutSeconds, maxRedirects: maxRedirects, allowInsecure: allowInsecure,
            library: CurlLibrary.shared)
    }

    /// A loader that opens libcurl with `library` (tests give one that fails) and routes by `routing` (tests give
    /// their own proxy settings).
    init(
        limit: Int = SpecDocument.maxBytes, timeoutSeconds: Double = 30, maxRedirects: Int = 5,
        allowInsecure: Bool = false, library: @escaping @Sendable () throws(SharedLibrary.LoadError) -> CurlLibrary,
        routing: HopRouting = .system
    ) {
        self.limit = limit
        self.timeoutSeconds = timeoutSeconds
        self.maxRedirects = maxRedirects
        self.allowInsecure = allowInsecure
        self.library = library
        self.routing = routing
    }

    /// The description the user named: a file, or a pipe (`<(curl …)`, `/dev/stdin`).
    public func load(_ address: String) async throws(SpecLoadFailure) -> SpecBytes {
        try await load(address, accepting: .fileOrPipe)
    }

    /// A document a reference names: a file only, never a pipe, a device or a socket.
    public func loadReferenced(_ address: String) async throws(SpecLoadFailure) -> SpecBytes {
        try await load(address, accepting: .file)
    }

    private func load(_ address: String, accepting: BoundedFile.Accepting) async throws(SpecLoadFailure) -> SpecBytes {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased() else { throw .scheme("") }
        switch scheme {
        case "file": return try SpecBytes.read(path: url.path, address: address, limit: limit, accepting: accepting)
        case "http", "https": return try await download(url, address: address)
        default: throw .scheme(scheme)
        }
    }

    // MARK: - Downloads

    /// Whether plain `http` to `url`'s host is refused.
    private func isInsecure(_ url: URL) -> Bool {
        !allowInsecure && routing.isCleartext(url)
    }

    /// Why the `count`th redirect, to `target`, is not followed; nil when it is.
    private func redirectRefusal(to target: URL, count: Int) -> SpecLoadFailure? {
        guard count <= maxRedirects else { return .redirects(limit: maxRedirects) }
        let scheme = target.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else { return .scheme(scheme) }
        return isInsecure(target) ? .insecure : nil
    }

    private func download(_ url: URL, address: String) async throws(SpecLoadFailure) -> SpecBytes {
        guard !isInsecure(url) else { throw .insecure }
        let refusal = Mutex<SpecLoadFailure?>(nil)
        let exchange = CurlExchange(
            limit: limit, origin: url,
            allowsRedirect: { next, count in
                let reason = redirectRefusal(to: next.url, count: count)
                refusal.withLock { $0 = reason }
                return reason == nil
            }, routing: routing, library: library)
        let accept = HTTPHeader(name: "Accept", value: "application/json, application/yaml;q=0.9, */*;q=0.5")
        let result = await exchange.run(CurlRequest(url: url, headers: [accept]), timeout: timeoutSeconds)
        if let reason = refusal.withLock({ $0 }) { throw reason }
        if exchange.wasTooLarge { throw .tooLarge(limit: limit) }
        switch result {
        case .success(let reply):
            guard (200..<300).contains(reply.status) else { throw .status(reply.status) }
            let finalURL = exchange.finalURL
            return SpecBytes(
                url: finalURL.absoluteString, bytes: Array(reply.body),
                isJSON: SpecBytes.isJSON(contentType: reply.header("Content-Type"), path: finalURL.path))
        case .failure(let failure):
            // libcurl's codes are sorted once, by the sending side; a description only words them its own way.
            switch TransportError(failure, host: url.host ?? "") {
            case .timedOut: throw .timedOut(seconds: Int(timeoutSeconds.rounded(.up)))
            case .cannotConnect, .connectionLost, .notConnected: throw .cannotConnect
            case .dnsFailure(let host): throw .unknownHost(host)
            case .tls: throw .tls
            case .replyTooLarge: throw .tooLarge(limit: limit)
            case .networkLibraryMissing(let detail): throw .networkLibraryMissing(detail: detail)
            case let other: throw .failed(detail: other.description)
            }
        }
    }
}

/// The loader that read through URLSession: libcurl is now called directly, and only for a download.
@available(*, deprecated, renamed: "CurlSpecLoader")
public typealias URLSessionSpecLoader = CurlSpecLoader
