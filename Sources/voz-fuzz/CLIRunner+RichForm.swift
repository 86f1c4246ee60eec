import Foundation
import VozFuzzing

// MARK: - Rich forms against a local server

extension CLIRunner {
    /// One rich form case through `voz run --answers` against this worker's echoing server, then every oracle over
    /// what `voz` printed, wrote and sent. Nil when the case was unreadable (nothing to run) or no server started.
    func runRichForm(_ input: Data) -> (Outcome, [(RichFormOracle, String)]) {
        guard let run = RichFormCase(input), let server = richServer else { return (.finished, []) }
        let inputs = folder.appendingPathComponent("rich-in")
        let home = folder.appendingPathComponent("rich-out")
        try? FileManager.default.removeItem(at: home)
        try? FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let form = inputs.appendingPathComponent("form.json")
        let answers = inputs.appendingPathComponent("answers.txt")
        try? run.form.write(to: form)
        try? Data((run.answers.joined(separator: "\n") + "\n").utf8).write(to: answers)
        _ = server.takeRequests()
        let template = (try? JSONSerialization.jsonObject(with: run.form) as? [String: Any])
            .flatMap { ($0["submit"] as? [String: Any])?["url"] as? String }
            .map { $0.replacingOccurrences(of: "127.0.0.1:9", with: "127.0.0.1:\(server.port)") }
        let arguments =
            [
                "run", form.path, "--answers", answers.path, "--speech", "none", "--transcript",
                home.appendingPathComponent("transcript.jsonl").path, "--log",
                home.appendingPathComponent("voz.log").path,
            ] + (template.map { ["--url", $0] } ?? [])
        let (outcome, output, error) = capture(
            arguments, home: home, extra: [RichFormCase.apiKeyVariable: run.apiKey])
        let evidence = RichFormOracle.Evidence(
            output: output, error: error, files: Self.files(under: home), requests: server.takeRequests())
        return (outcome, RichFormOracle.findings(run, evidence))
    }

    /// Every regular file under `folder`, with its bytes.
    static func files(under folder: URL) -> [(path: String, data: Data)] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        var files: [(String, Data)] = []
        for case let url as URL in walker {
            var directory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &directory), !directory.boolValue,
                let data = FileManager.default.contents(atPath: url.path)
            else { continue }
            files.append((url.path, data))
        }
        return files
    }
}
