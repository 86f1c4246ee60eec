import Foundation
import Testing

@testable import VozAudit
@testable import VozKit
@testable import VozTerminal

/// What the replay takes from the newer asciicast events and header: resizes, the exit, the environment.
@Suite("Asciicast resizes, exits and environment")
struct CastReplayTests {
    static func replay(
        width: Int = 80, height: Int = 24, environment: [String: String] = [:], _ events: [(String, String)]
    ) -> ScreenTimeline {
        var recording = CastRecording(path: "run.cast", width: width, height: height, environment: environment)
        for (index, event) in events.enumerated() {
            recording.events.append(
                CastRecording.Event(time: Double(index) * 0.5, code: event.0, data: event.1, line: index + 2))
        }
        return ScreenReplay.replay(recording)
    }

    // MARK: - Resizes

    @Test func aNarrowerWindowWrapsWhatIsWrittenAfter() {
        let line = String(repeating: "a", count: 30) + " " + String(repeating: "b", count: 30)
        let timeline = Self.replay([("o", "before\r\n"), ("r", "40x12"), ("o", line + "\r\n")])
        #expect(timeline.finalScreen.count == 12)
        #expect(
            timeline.finalScreen[1].text == String(repeating: "a", count: 30) + " " + String(repeating: "b", count: 9))
        #expect(timeline.finalScreen[2].text == String(repeating: "b", count: 21))
        #expect(timeline.finalScreen[0].text == "before")
    }

    /// The program wrote nothing at a resize: no row is heard as rewritten or erased for it.
    @Test(arguments: ["40x12", "120x50", "10x3", "80x24"])
    func aResizeIsNoUpdateOfTheProgram(_ size: String) {
        let timeline = Self.replay([
            ("o", "one\r\ntwo\r\nthree\r\n" + String(repeating: "x", count: 70) + "\r\n"), ("r", size),
            ("o", "four\r\n"),
        ])
        #expect(!timeline.events.contains { $0.kind == .rewritten || $0.kind == .erased || $0.kind == .cleared })
        #expect(timeline.events.filter { $0.kind == .appeared }.map(\.text).last == "four")
    }

    @Test func aResizeBeyondWhatIsReplayedIsNamedOnce() {
        let timeline = Self.replay([("o", "a\r\n"), ("r", "500x300"), ("o", "b\r\n"), ("r", "900x900")])
        let screens = timeline.limits.filter { $0.kind == .screen }
        #expect(screens.count == 1)
        #expect(screens.first.map { [$0.recordedWidth, $0.recordedHeight] } == [500, 300])
        #expect(screens.first?.place.line == 3)
        #expect(timeline.width == ScreenReplay.maximumColumns && timeline.height == ScreenReplay.maximumRows)
    }

    @Test(arguments: ["", "80", "x24", "80x", "ax24", "-5x10", "0x0", "99999999999999999999x5"])
    func aMalformedResizeIsLeftOut(_ data: String) {
        let timeline = Self.replay([("o", "kept\r\n"), ("r", data), ("o", "more\r\n")])
        #expect(timeline.finalScreen.count == 24)
        #expect(timeline.finalScreen[0].text == "kept")
    }

    // MARK: - Exit

    @Test(arguments: [("0", 0), ("3", 3), ("137", 137), ("gone", nil)] as [(String, Int?)])
    func theExitStatusIsKept(_ data: String, _ status: Int?) {
        let timeline = Self.replay([("o", "bye\r\n"), ("x", data)])
        #expect(timeline.exit?.status == status)
        #expect(timeline.exit?.place.line == 3)
    }

    // MARK: - Environment

    /// A recording made with NO_COLOR set is the second run the colour rule asks for, without making one.
    @Test(arguments: [
        (["NO_COLOR": "1"], "\u{1B}[31mred\u{1B}[0m\r\n", "violation"),
        (["NO_COLOR": "yes"], "\u{1B}[31mred\u{1B}[0m\r\n", "violation"),
        (["NO_COLOR": "1"], "plain\r\n", "pass"),
        (["NO_COLOR": ""], "\u{1B}[31mred\u{1B}[0m\r\n", "incomplete"),
        ([:], "\u{1B}[31mred\u{1B}[0m\r\n", "incomplete"),
    ])
    func noColorInTheHeaderDecidesTheRule(_ environment: [String: String], _ output: String, _ outcome: String) {
        let timeline = Self.replay(environment: environment, [("o", "start\r\n"), ("o", output)])
        let result = Auditor.audit(
            forms: [], transcripts: [], recordings: [timeline], formRules: [], transcriptRules: [],
            recordingRules: [NoColorIgnoredRule()])
        let violations = result.violations.filter { $0.ruleID == "no-color-ignored" }
        let incomplete = result.incomplete.filter { $0.ruleID == "no-color-ignored" }
        switch outcome {
        case "violation":
            #expect(violations.count == 1)
            #expect(violations.first?.location.file == "run.cast")
            #expect(violations.first?.location.line == 3)
        case "pass": #expect(violations.isEmpty && incomplete.isEmpty)
        default: #expect(violations.isEmpty && incomplete.count == 1)
        }
    }

    @Test func theHeaderEnvironmentReachesTheTimeline() throws {
        let text = CastFormatTests.specification3
        let timeline = ScreenReplay.replay(try CastRecording.parse(Data(text.utf8), path: "spec.cast"))
        #expect(timeline.environment["TERM"] == "xterm-256color")
        #expect(timeline.noColorRun?.path == "spec.cast")
        #expect(timeline.noColorRun?.firstColor?.line == 3)
        #expect(timeline.exit?.status == 3)
        #expect(timeline.finalScreen.count == 12)
    }
}
