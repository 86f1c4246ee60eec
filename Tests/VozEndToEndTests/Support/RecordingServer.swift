import Foundation
import VozTestSupport

/// A loopback HTTP server (Fixtures/recording-server.py, Python's own http.server) that writes down every
/// request it receives, body included, and answers 201: what `voz run` really sent, byte for byte.
final class RecordingServer: Sendable {
    let baseURL: String
    private let server: PythonServerProcess
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

    /// Starts the server through the launcher every loopback Python server shares, and waits for its port. An
    /// echoing server refuses every request with 422 and quotes its body back.
    init(echo: Bool = false) throws {
        let script = try String(
            contentsOf: VozProcess.packageRoot.appendingPathComponent(
                "Tests/VozEndToEndTests/Fixtures/recording-server.py"),
            encoding: .utf8)
        server = try PythonServerProcess(
            script: script,
            arguments: [folder.url.appendingPathComponent("requests.jsonl").path] + (echo ? ["echo"] : []))
        baseURL = "http://127.0.0.1:\(server.port)"
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
        server.stop()
    }
}
