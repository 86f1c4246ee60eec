import Foundation
import Synchronization
import VozTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `voz serve-demo` process on a free loopback port, stopped when the test is done with it.
///
/// Started and stopped off Swift's cooperative pool: waiting for a process to print its address, or to end, holds a
/// thread for as long as the process takes, and make test runs every test on that pool at once. Dozens of services
/// started on it one after another held both of its threads for 20 seconds at the start of a run, and every await
/// of every other test waited behind them (sampled with gdb; a well-formed request to an in-process service,
/// answered in milliseconds, was resumed after 20 to 25 s, and one after 30 s failed).
final class DemoServer: @unchecked Sendable {
    let process: ChildProcess
    let baseURL: URL
    let folder: URL

    /// Starts the service with fault flags (`--unavailable 2`, `--latency 3000`, …) and waits, on a thread of its
    /// own, for its address line.
    static func start(arguments: [String] = []) async throws -> DemoServer {
        try await onOwnThread { try DemoServer(arguments: arguments) }
    }

    private init(arguments: [String]) throws {
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

    /// Interrupts the service and, on a thread of its own, waits for it to end and removes its folder.
    func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        process.signal(SIGINT)
        let (process, folder) = (self.process, self.folder)
        Thread.detachNewThread {
            // Bounded: a service that ignores the interrupt is killed rather than waited for, forever.
            process.wait(upTo: .seconds(5))
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Whether `stop` has begun: `deinit` and a test's `defer` may both call it.
    private let stopped = Atomic<Bool>(false)

    deinit { stop() }
}
