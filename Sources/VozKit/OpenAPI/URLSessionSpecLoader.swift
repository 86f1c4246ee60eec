import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads descriptions from files and from http(s) addresses with URLSession: at most `limit` bytes, within
/// `timeoutSeconds`, through at most `maxRedirects` redirects, and over plain HTTP only to this machine (the rule
/// `TransportPolicy` applies to sending: what crosses a network in clear text can be changed on the way, and a
/// changed description changes where the answers go).
public struct URLSessionSpecLoader: SpecLoader {
    /// The largest document read, in bytes.
    public var limit: Int
    public var timeoutSeconds: Double
    public var maxRedirects: Int
    /// Reads over plain HTTP from other machines too.
    public var allowInsecure: Bool

    public init(
        limit: Int = SpecDocument.maxBytes, timeoutSeconds: Double = 30, maxRedirects: Int = 5,
        allowInsecure: Bool = false
    ) {
        self.limit = limit
        self.timeoutSeconds = timeoutSeconds
        self.maxRedirects = maxRedirects
        self.allowInsecure = allowInsecure
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
        !allowInsecure && TransportPolicy.isCleartext(url)
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
        let collector = URLSessionReplyCollector(limit: limit, origin: url) { target, count in
            let reason = redirectRefusal(to: target, count: count)
            refusal.withLock { $0 = reason }
            return reason == nil
        }
        let session = URLSession(
            configuration: URLSessionTransport.configuration(timeout: timeoutSeconds), delegate: collector,
            delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        request.setValue("application/json, application/yaml;q=0.9, */*;q=0.5", forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request)
        let result = await withTaskCancellationHandler {
            await collector.run(task, timeout: timeoutSeconds)
        } onCancel: {
            collector.cancel()
        }
        if let reason = refusal.withLock({ $0 }) { throw reason }
        if collector.wasTooLarge { throw .tooLarge(limit: limit) }
        switch result {
        case .success(let reply):
            guard (200..<300).contains(reply.status) else { throw .status(reply.status) }
            let finalURL = collector.finalURL
            return SpecBytes(
                url: finalURL.absoluteString, bytes: Array(reply.body),
                isJSON: SpecBytes.isJSON(contentType: reply.header("Content-Type"), path: finalURL.path))
        case .failure(let failure):
            // URLSession's codes are sorted once, by the sending side; a description only words them its own way.
            switch transportError(from: failure, host: url.host ?? "") {
            case .timedOut: throw .timedOut(seconds: Int(timeoutSeconds.rounded(.up)))
            case .cannotConnect, .connectionLost, .notConnected: throw .cannotConnect
            case .dnsFailure(let host): throw .unknownHost(host)
            case .tls: throw .tls
            case .replyTooLarge: throw .tooLarge(limit: limit)
            case let other: throw .failed(detail: other.description)
            }
        }
    }
}
