import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback HTTP server (Fixtures/recording-server.py, Python's own http.server) that writes down every
/// request it receives, body included, and answers 201: what `voz run` really sent, byte for byte.
final class RecordingServer: @unchecked Sendable {
    let process: ChildProcess
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
        process = try ChildProcess(
            executable: "/usr/bin/python3",
            arguments: [
                VozProcess.packageRoot.appendingPathComponent("Tests/VozEndToEndTests/Fixtures/recording-server.py")
                    .path,
                folder.url.appendingPathComponent("requests.jsonl").path,
            ] + (echo ? ["echo"] : []),
            error: .null, newProcessGroup: true)
        let line = process.readFirstLine().trimmingCharacters(in: .whitespacesAndNewlines)
        guard line.hasPrefix("http://127.0.0.1:") else {
            process.signal(SIGTERM)
            process.wait(upTo: .seconds(5))
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
        process.signal(SIGTERM)
        process.wait(upTo: .seconds(5))
    }

    deinit { stop() }
}
