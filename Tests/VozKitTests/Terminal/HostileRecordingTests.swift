import Foundation
import Testing

@testable import VozAudit
@testable import VozKit
@testable import VozLocalization
@testable import VozTerminal

/// Recordings built to break the replay (issue 24): what the audit says about them, at the library's level.
@Suite("Hostile recordings")
struct HostileRecordingTests {
    static func replay(width: Int = 80, height: Int = 24, _ events: [(String, String)]) -> ScreenTimeline {
        var recording = CastRecording(path: "hostile.cast", width: width, height: height)
        for (index, event) in events.enumerated() {
            recording.events.append(
                CastRecording.Event(time: Double(index) * 0.5, code: event.0, data: event.1, line: index + 2))
        }
        return ScreenReplay.replay(recording)
    }

    @Test(arguments: ["\u{85}", "\u{9B}", "\u{9C}"])
    func aC1ControlThenAKeyLeavesTheCursorOnTheScreen(control: String) {
        let timeline = Self.replay([("o", control), ("i", "x"), ("o", "ok\r\n")])
        let moment = timeline.inputs[0]
        #expect(moment.cursorColumn >= 0)
        #expect(moment.promptText.isEmpty)
        let result = Auditor.audit(forms: [], transcripts: [], recordings: [timeline])
        #expect(!result.checks.isEmpty)
    }

    @Test func aPromptBeforeAnImpossibleColumnIsEmptyNotATrap() {
        let moment = InputMoment(
            place: .init(time: 0, line: 2, offset: 0), data: "x", key: nil, echo: nil, cursorRow: 0, cursorColumn: -1,
            cursorVisible: true, alternateScreen: false, screen: [ScreenRow(text: "Name: ", styled: [])])
        #expect(moment.promptText == "")
    }

    @Test func rawC1NeverReachesTheTextReport() {
        let timeline = Self.replay([
            ("o", "Your \u{85}name\u{9C}: \u{9F}x\u{9C}"), ("i", "\u{85}"),
            ("o", "\u{1B}[5mBlink \u{9B}1m\u{85}now\r\n"),
        ])
        let result = Auditor.audit(forms: [], transcripts: [], recordings: [timeline])
        let report = TextReport.render(result, failOn: .serious, localizer: Localizer(language: .en))
        #expect(!report.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value < 0x0A })
        #expect(
            timeline.finalScreen.allSatisfy {
                !$0.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            })
    }

    @Test func aCutSequenceIsSaidInTheReport() {
        let timeline = Self.replay([("o", "\u{1B}[;;;;;;;;;;;;;;;;mHello\r\n")])
        #expect(timeline.limits.map(\.kind) == [.sequence])
        let result = Auditor.audit(forms: [], transcripts: [], recordings: [timeline])
        let review = result.incomplete.filter { $0.ruleID == "replay-limited" }
        #expect(review.count == 1)
        #expect(review.first?.location.line == 2)
        let sentence = review.first?.messageText(Localizer(language: .en)) ?? ""
        #expect(sentence.contains("dropped"), "\(sentence)")
    }

    @Test func aHugeScreenIsReplayedCappedAndSaidSo() {
        let redraws = (0..<100).map { index in ("o", index % 2 == 0 ? "\u{1B}#8" : "\u{1B}[2J") }
        let started = ContinuousClock.now
        let timeline = Self.replay(width: 1000, height: 1000, redraws)
        let elapsed = started.duration(to: .now)
        #expect(timeline.width == ScreenReplay.maximumColumns)
        #expect(timeline.height == ScreenReplay.maximumRows)
        #expect(timeline.limits.first?.kind == .screen)
        #expect(timeline.limits.first?.recordedWidth == 1000)
        // Was 32 s at 1000 by 1000 (a debug build is slower still); capped it is a few seconds at most.
        #expect(elapsed < .seconds(15), "took \(elapsed)")
        let result = Auditor.audit(forms: [], transcripts: [], recordings: [timeline])
        let sentence = result.incomplete.first { $0.ruleID == "replay-limited" }?.messageText(Localizer(language: .es))
        #expect(sentence?.contains("1000") == true, "\(sentence ?? "none")")
    }

    @Test func aOneColumnRecordingWithAWideCharacterReplays() {
        let timeline = Self.replay(width: 1, height: 24, [("o", "é😀😀")])
        #expect(timeline.width == 2)
    }

    @Test func oneLargeOutputEventReplays() {
        let frames = (0..<60_000).map { "\r\($0 % 100)% [" + String(repeating: "#", count: $0 % 60) + "]" }.joined()
        let timeline = Self.replay([("o", frames), ("o", "\r\nDone.\r\n")])
        #expect(timeline.finalScreen.contains { $0.text == "Done." })
    }
}
