import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `voz serve-demo` process on a free loopback port, stopped when the test is done with it.
final class DemoServer: @unchecked Sendable {
    let process: ChildProcess
    let baseURL: URL
    let folder: URL

    /// Starts the service with fault flags (`--unavailable 2`, `--latency 3000`, …) and waits for its address line.
    init(arguments: [String] = []) throws {
        folder = VozProcess.temporaryFolder()
        process = try ChildProcess(
            executable: VozProcess.executable.path,
            arguments: ["serve-demo", "--port", "0", "--db", folder.appendingPathComponent("demo.db").path]
                + arguments,
            error: .null, newProcessGroup: true)
        let line = process.readFirstLine()
        guard let range = line.range(of: "http://[^\\s]+", options: .regularExpression),
            let url = URL(string: String(line[range]).trimmingCharacters(in: CharacterSet(charactersIn: ".")))
        else {
            process.kill()
            throw StartFailure(line: line)
        }
        baseURL = url
    }

    struct StartFailure: Error, CustomStringConvertible {
        var line: String
        var description: String { "voz serve-demo did not print its address; it printed: \(line)" }
    }

    /// The `accounts` endpoint, which the example forms post to.
    var accountsURL: URL { baseURL.appendingPathComponent("accounts") }

    /// GETs a JSON document from the service (`accounts`, `requests`).
    func get(_ path: String) async throws -> Any {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent(path))
        return try JSONSerialization.jsonObject(with: data)
    }

    /// The accounts the service holds.
    func accounts() async throws -> [[String: Any]] {
        try await get("accounts") as? [[String: Any]] ?? []
    }

    /// The requests the service received (method, path, idempotency key, status), oldest first.
    func requests() async throws -> [[String: Any]] {
        try await get("requests") as? [[String: Any]] ?? []
    }

    func stop() {
        process.signal(SIGINT)
        // Bounded: a service that ignores the interrupt is killed rather than waited for, forever, in a defer.
        process.wait(upTo: .seconds(5))
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { stop() }
}
