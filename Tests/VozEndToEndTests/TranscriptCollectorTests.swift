import Foundation
import Testing

/// The property checks of make test (scripts/audit-transcripts) are only as good as the scan that feeds them: it
/// must find a value typed at a hidden prompt wherever it was left, and nothing else.
@Suite struct TranscriptCollectorTests {
    static let transcript = Data(
        """
        {"focus":"name","kind":"input","state":"idle","text":"Ana Pérez","time":1}
        {"detail":"hidden","focus":"card","kind":"input","state":"idle","text":"hidden","time":2}
        {"detail":"hidden","focus":"card","kind":"input","state":"idle","text":"hidden","time":3}

        """.utf8)

    @Test(arguments: [
        ("4111 1111 1111 1111", true),  // the card number, left in a draft
        ("Ana Pérez", false),  // an ordinary answer is rightly kept
        (":anterior", false),  // a command typed at the hidden prompt is no value
    ])
    func aValueTypedAtAHiddenPromptIsFoundWhereverItWasLeft(left: String, found: Bool) throws {
        let home = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        try Data("{\"answers\": \"\(left)\"}".utf8).write(to: home.appendingPathComponent("draft.json"))
        let typed = Data("Ana Pérez\n4111 1111 1111 1111\n:anterior\n".utf8)
        let leaks = TranscriptCollector.leaks(
            typed: typed, transcript: Self.transcript, form: Data(), home: home, except: nil)
        #expect(leaks.isEmpty == !found, "\(leaks)")
    }

    @Test func aValueTheFormGivesAsItsExampleIsNotALeak() throws {
        let home = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        try Data("Ejemplo: 4111 1111 1111 1111".utf8).write(to: home.appendingPathComponent("transcript.jsonl"))
        let leaks = TranscriptCollector.leaks(
            typed: Data("Ana Pérez\n4111 1111 1111 1111\n:anterior\n".utf8), transcript: Self.transcript,
            form: Data("\"placeholder\": \"4111 1111 1111 1111\"".utf8), home: home, except: nil)
        #expect(leaks.isEmpty)
    }
}
