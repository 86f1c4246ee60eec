import Foundation
import Testing
import VozTestTraits

@testable import VozAudit
@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession
@testable import VozTranscript

/// The answer to the restore question in the transcript (issue 36, I6, found by the session explorer with `--set`
/// restarts): `--set` moved the focus to the password before the question, and the "sí" was recorded there in
/// clear, which Voz's own audit took for a leaked password.
@Suite(.timeLimit(.minutes(1)), .ownThread) struct SessionRestoreTranscriptTests {
    @Test func theAnswerToTheRestoreQuestionIsNoPasswordTypedInClear() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "voz-restore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let drafts = DraftStore(folder: folder.appendingPathComponent("drafts").path)
        let form = SessionTests.form
        let spanish = Localizer(language: .es)
        _ = await Session(
            form: form, localizer: spanish, input: ScriptedLineSource(["Ana"]),
            announcer: Announcer(engine: nil, lines: LineRecorder()), transport: ScriptedTransport([]),
            options: SessionOptions(drafts: drafts, clock: ManualClock())
        ).run()
        let path = folder.appendingPathComponent("run.jsonl").path
        let transcript = try TranscriptWriter(path: path)
        let printed = LineRecorder()
        _ = await Session(
            form: form, localizer: spanish, input: ScriptedLineSource(["sí"]),
            announcer: Announcer(engine: nil, lines: printed, transcript: transcript), transport: ScriptedTransport([]),
            options: SessionOptions(
                presetAnswers: ["name": "Eva", "email": "eva@example.com"], drafts: drafts, interactive: true,
                clock: ManualClock())
        ).run()
        transcript.close()
        #expect(printed.lines.contains { $0.contains("¿Lo recupero?") }, "\(printed.lines)")
        let events = try TranscriptReader.read(path: path)
        let result = Auditor.audit(forms: [], transcripts: [Transcript(path: path, events: events, form: form)])
        #expect(!result.violations.contains { $0.ruleID == "secret-value-present" }, "\(result.violations)")
        #expect(events.contains { $0.kind == .input && $0.text == "sí" }, "the answer is recorded, in clear")
    }
}
