import Foundation
import Testing

/// Issue 25, section 5: `voz say` spoke its choice of speech aloud before the line on every call. The notice is
/// printed on standard error, and only the line asked for is said, printed and written to the transcript.
@Suite struct SayCommandTests {
    @Test func onlyTheLineAskedForIsSaid() async throws {
        let home = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let transcript = home.appendingPathComponent("say.jsonl")
        let output = try await VozProcess.run(
            ["say", "Hola.", "--transcript", transcript.path],
            environment: VozProcess.environment(home: home, extra: ["VOZ_SPEECH": "auto"]))
        // No sound device here: the line is printed, and the exit says it was not spoken (issue 36).
        #expect(output.status == 1, "\(output.standardError)")
        #expect(output.standardOutput == "Hola.\n")
        #expect(!output.standardError.isEmpty, "the choice is still told, in one printed line")
        let said = try HostileText.transcriptEvents(transcript).filter { $0["kind"] as? String == "announcement" }
        #expect(said.compactMap { $0["text"] as? String } == ["Hola."])
    }

    /// Issue 36: `voz say` exits 0 only when it spoke (or was asked for text alone), refuses empty text, and its help
    /// has an example.
    static let cases: [([String], Int32)] = [
        (["say", "Hola.", "--wav", "WAV"], 0), (["say", "Hola.", "--speech", "none"], 0), (["say", "Hola."], 1),
        (["say", "   "], 2),
    ]

    @Test(arguments: cases)
    func exitsSayWhetherItSpoke(arguments: [String], status: Int32) async throws {
        let home = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let wav = home.appendingPathComponent("hola.wav").path
        let output = try await VozProcess.run(
            arguments.map { $0 == "WAV" ? wav : $0 }, environment: VozProcess.environment(home: home))
        #expect(output.status == status, "\(output.standardOutput)\(output.standardError)")
        if status == 2 {
            #expect(output.standardError.hasPrefix("voz say needs something to say"), "\(output.standardError)")
        }
    }

    @Test func theHelpHasExamples() async throws {
        let home = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let output = try await VozProcess.run(["say", "--help"], home: home)
        let example = "Examples:\n  voz say \"Hola, esto es Voz.\""
        #expect(output.standardOutput.contains(example), "\(output.standardOutput)")
    }
}
