import Foundation
import VozKit
import VozTranscript

/// One run of `voz run` against a demo server with scripted answers, and what it left behind.
struct SessionRun {
    var output: VozProcess.Output
    var transcript: [TranscriptEvent]
    /// The run's home, transcript and log; removed with the last copy of the run.
    let lease: TemporaryFolder
    var folder: URL { lease.url }

    /// The Spanish example form's answers up to the review confirmation: a valid account for `email`.
    static func spanishAnswers(email: String, password: String = "secreto123") -> [String] {
        ["Ana Pérez", email, password, "", "", "sí", ":enviar", "sí"]
    }

    static func run(
        form: String = "examples/crear-cuenta.json", server: DemoServer, answers: [String], extra: [String] = [],
        url: String? = nil, timeout: TimeInterval = 60
    ) async throws -> SessionRun {
        let lease = TemporaryFolder()
        let folder = lease.url
        let transcriptPath = folder.appendingPathComponent("transcript.jsonl").path
        let formPath = form.hasPrefix("/") ? form : VozProcess.packageRoot.appendingPathComponent(form).path
        let arguments =
            [
                "run", formPath, "--url", url ?? server.accountsURL.absoluteString, "--speech", "none", "--transcript",
                transcriptPath, "--log", folder.appendingPathComponent("voz.log").path,
            ] + extra
        let output = try await VozProcess.run(
            arguments, input: answers.joined(separator: "\n") + "\n",
            environment: VozProcess.environment(home: folder), timeout: timeout)
        let text = (try? String(contentsOfFile: transcriptPath, encoding: .utf8)) ?? ""
        let decoder = JSONDecoder()
        let events = text.split(separator: "\n").compactMap {
            try? decoder.decode(TranscriptEvent.self, from: Data($0.utf8))
        }
        return SessionRun(output: output, transcript: events, lease: lease)
    }

    /// What was said (announcements and prompts), in order.
    var spoken: [TranscriptEvent] { transcript.filter { $0.kind == .announcement || $0.kind == .prompt } }

    /// The index of the first event matching `predicate` after `index`.
    func index(after index: Int = -1, where predicate: (TranscriptEvent) -> Bool) -> Int? {
        transcript.indices.first { $0 > index && predicate(transcript[$0]) }
    }
}
