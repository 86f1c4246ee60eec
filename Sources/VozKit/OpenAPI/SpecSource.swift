import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a description comes from: a file, or an http(s) address (the API's own `/openapi.json`).
///
/// The one place descriptions are loaded, so every command reads them alike. An address is fetched once, with a
/// time limit and a size limit, and only over https unless it is this machine: a description decides where the
/// answers go, so one read from the open network in plain text could be swapped on the way.
public enum SpecSource {
    /// How long fetching a description may take.
    public static let timeoutSeconds = 30.0

    /// Whether `location` is an address rather than a file name.
    public static func isAddress(_ location: String) -> Bool {
        let lowered = location.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// The description at `location`: fetched when it is an http(s) address, else read from the file.
    public static func load(_ location: String) async throws(SpecError) -> SpecDocument {
        guard isAddress(location) else { return try SpecDocument.load(path: location) }
        guard let url = URL(string: location), let host = url.host, !host.isEmpty else {
            throw .unreadable(file: location, reason: "it is not an address Voz can fetch")
        }
        if url.scheme?.lowercased() == "http", !TransportPolicy.isLoopback(host) {
            throw .unreadable(
                file: location,
                reason: "plain http could be changed on the way, and the description decides where answers go; "
                    + "use https")
        }
        let reply = try await fetch(url)
        guard reply.status == 200 else {
            throw .unreadable(
                file: location, reason: "the server answered with status \(reply.status), not the description")
        }
        let type = reply.header("Content-Type")?.lowercased() ?? ""
        let isJSON = type.contains("json") || url.path.lowercased().hasSuffix(".json")
        return try SpecDocument.decode(bytes: Array(reply.body), file: location, isJSON: isJSON)
    }

    // MARK: - Fetching

    private static func fetch(_ url: URL) async throws(SpecError) -> HTTPReply {
        let collector = URLSessionReplyCollector(limit: SpecDocument.maxBytes, origin: url)
        let session = URLSession(
            configuration: URLSessionTransport.configuration(timeout: timeoutSeconds), delegate: collector,
            delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("application/json, application/yaml;q=0.9, */*;q=0.1", forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request)
        let result = await withTaskCancellationHandler {
            await collector.run(task, timeout: timeoutSeconds)
        } onCancel: {
            collector.cancel()
        }
        switch result {
        case .success(let reply): return reply
        case .failure(.tooLarge):
            throw .unreadable(
                file: url.absoluteString, reason: "it is larger than \(ByteSize.describe(SpecDocument.maxBytes))")
        case .failure(.urlError(let error)):
            let reason =
                error.code == .timedOut
                ? "the server did not answer within \(Int(timeoutSeconds)) seconds"
                : error.code == .cannotConnectToHost || error.code == .cannotFindHost
                    ? "nothing answers at that address" : "the connection failed"
            throw .unreadable(file: url.absoluteString, reason: reason)
        case .failure(.other):
            throw .unreadable(file: url.absoluteString, reason: "the connection failed")
        }
    }
}
