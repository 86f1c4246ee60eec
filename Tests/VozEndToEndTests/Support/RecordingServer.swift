import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback HTTP server (Fixtures/recording-server.py, Python's own http.server) that writes down every
/// request it receives, body included, and answers 201: what `voz run` really sent, byte for byte.
final class RecordingServer: @unchecked Sendable {
    let process = Process()
    let baseURL: String
    private let folder = TemporaryFolder()
    private var recordFile: URL { folder.url.appendingPathComponent("requests.jsonl") }

    /// One request as the server read it.
    struct Request {
        var method: String
        var path: String
        var contentType: String?
        var body: String

        /// The body parsed as a JSON object.
        var json: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:]
        }
    }

    struct StartFailure: Error, CustomStringConvertible {
        var line: String
        var description: String { "the recording server did not print its address; it printed: \(line)" }
    }

    /// Starts the server and waits for its address line. An echoing server refuses every request with 422 and quotes
    /// its body back.
    init(echo: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments =
            [
                VozProcess.packageRoot.appendingPathComponent("Tests/VozEndToEndTests/Fixtures/recording-server.py")
                    .path,
                folder.url.appendingPathComponent("requests.jsonl").path,
            ] + (echo ? ["echo"] : [])
        let line = try process.runReadingFirstLine().trimmingCharacters(in: .whitespacesAndNewlines)
        guard line.hasPrefix("http://127.0.0.1:") else {
            process.terminate()
            process.waitUntilExit()
            throw StartFailure(line: line)
        }
        baseURL = line
    }

    /// The requests received so far, oldest first.
    func requests() -> [Request] {
        let text = (try? String(contentsOf: recordFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let entry = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                return nil
            }
            return Request(
                method: entry["method"] as? String ?? "", path: entry["path"] as? String ?? "",
                contentType: entry["type"] as? String, body: entry["body"] as? String ?? "")
        }
    }

    /// Stops the server: politely, then for certain after five seconds.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        while process.isRunning { usleep(20_000) }
    }

    deinit { stop() }
}
