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
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput == "Hola.\n")
        #expect(!output.standardError.isEmpty, "the choice is still told, in one printed line")
        let said = try HostileText.transcriptEvents(transcript).filter { $0["kind"] as? String == "announcement" }
        #expect(said.compactMap { $0["text"] as? String } == ["Hola."])
    }
}
