import Foundation
import Testing
import VozKit

/// Issue 36, the second newcomer: `--transcript FILE` silently wrote over an earlier session's transcript. A
/// transcript is evidence: a file that holds one is never emptied unasked. The run is refused before anything is
/// said or sent, naming the file and the way to replace it (exit 2); `--replace-transcript` is the one way.
@Suite(.timeLimit(.minutes(2))) struct TranscriptFileEndToEndTests {
    static let earlier = #"{"kind":"announcement","priority":"polite","text":"Sesión anterior.","time":0}"# + "\n"

    @Test func aTranscriptFileThatHoldsASessionIsNotWrittenOver() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let run = FormRun()
        defer { run.remove() }
        try Data(Self.earlier.utf8).write(to: run.transcript)
        let output = try await RawVozProcess.run(
            [
                "run", run.form, "--url", server.accountsURL.absoluteString, "--speech", "none", "--transcript",
                run.transcript.path,
            ],
            input: Data((FormRun.validAnswers().joined(separator: "\n") + "\n").utf8), environment: run.environment,
            timeout: 30)
        #expect(output.status == 2, "\(output.stdout)\(output.stderr)")
        let sentence = Localizer(language: .en).text("usage.transcriptExists", ["file": run.transcript.path])
        #expect(output.stderr == sentence + "\n", "\(output.stderr)")
        #expect(output.stdout.isEmpty, "nothing was said before the refusal: \(output.stdout)")
        #expect(try String(contentsOf: run.transcript, encoding: .utf8) == Self.earlier, "the earlier session is kept")
        #expect(try await server.accounts().isEmpty, "nothing was sent")
    }

    @Test func replaceTranscriptReplacesIt() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let run = FormRun()
        defer { run.remove() }
        try Data(Self.earlier.utf8).write(to: run.transcript)
        // FormRun's runs add --replace-transcript: a test's home runs its form again on purpose.
        let output = try await run.run(url: server.accountsURL, answers: FormRun.validAnswers())
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let text = try String(contentsOf: run.transcript, encoding: .utf8)
        #expect(!text.contains("Sesión anterior."))
        #expect(text.contains(#""state":"completed""#))
    }

    /// An empty file (one `mktemp` made for the transcript) holds nothing to lose.
    @Test func anEmptyFileIsWrittenTo() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let run = FormRun()
        defer { run.remove() }
        try Data().write(to: run.transcript)
        try Data((FormRun.validAnswers().joined(separator: "\n") + "\n").utf8).write(to: run.answersFile)
        let output = try await RawVozProcess.run(
            [
                "run", run.form, "--url", server.accountsURL.absoluteString, "--speech", "none", "--transcript",
                run.transcript.path, "--answers", run.answersFile.path,
            ],
            environment: run.environment, timeout: 30)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(try String(contentsOf: run.transcript, encoding: .utf8).contains(#""kind""#))
    }
}
