import Foundation
import Testing

@testable import VozAudit
@testable import VozKit
@testable import VozScreenAudit
@testable import VozTerminal

/// Faults a new user met in the terminal audit (issue 40): a false menu, one fault said many times, a sentence that
/// did not fit what it said.
@Suite struct ScreenAuditFaultsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Terminal")

    static func violations(_ timeline: ScreenTimeline) -> [Finding] {
        Auditor.audit(forms: [], transcripts: [], recordings: [timeline], formRules: [], transcriptRules: [])
            .checks.flatMap(\.result.violations)
    }

    /// Python's REPL recorded with `voz record`: lines typed at `>>> ` and answered, no arrow key pressed. No menu.
    @Test func pythonsReplIsNoArrowKeyMenu() throws {
        let recording = try CastRecording.load(path: Self.fixtures.appendingPathComponent("python-repl.cast").path)
        let found = Set(Self.violations(ScreenReplay.replay(recording)).map(\.ruleID))
        #expect(found.isDisjoint(with: ["arrow-key-choice", "focus-not-at-cursor", "prompt-no-label"]), "\(found)")
    }

    /// A bare `> ` prompt answered line by line, each answer left above the next prompt.
    @Test func aPromptAnsweredLineByLineIsNoMenu() {
        let cast = SyntheticCast(
            name: "lines",
            steps: [
                SyntheticCast.output("Type a word and press Enter.\r\n> "), SyntheticCast.input("apple"),
                SyntheticCast.output("apple"), SyntheticCast.input("\r"), SyntheticCast.output("\r\nGot apple.\r\n> "),
                SyntheticCast.input("pear"), SyntheticCast.output("pear"), SyntheticCast.input("\r"),
                SyntheticCast.output("\r\nGot pear.\r\n> "), SyntheticCast.input("\u{04}"),
            ])
        let found = Set(Self.violations(cast.timeline).map(\.ruleID))
        #expect(found.isDisjoint(with: ["arrow-key-choice", "focus-not-at-cursor"]), "\(found)")
    }

    /// A Braille spinner's frames are one unreadable symbol, said once; spinner-frames says the frames.
    @Test func aBrailleSpinnerIsOneSymbolFinding() {
        let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"].map { SyntheticCast.output("\r\($0) Loading") }
        let cast = SyntheticCast(name: "braille", steps: frames + frames + [SyntheticCast.output("\r\nLoaded.\r\n")])
        let found = Self.violations(cast.timeline)
        #expect(found.filter { $0.ruleID == "symbol-unreadable" }.count == 1, "\(found.map(\.message))")
        #expect(found.contains { $0.ruleID == "spinner-frames" })
    }

    /// Blinking still on when a 2.9-second recording ends counts, and the finding says why: not "more than 5
    /// seconds", which the recording never showed.
    @Test func blinkingAtTheEndOfAShortRecordingSaysSo() throws {
        let short = SyntheticCast(
            name: "blink", steps: [SyntheticCast.output("\u{1B}[5mALERT\u{1B}[0m\r\n"), SyntheticCast.output("ok")],
            times: [0, 2.9])
        let finding = try #require(BlinkOrFlashRule().check(short.timeline).violations.first)
        #expect(finding.message.key == "audit.blink-or-flash.atEnd")
        #expect(!finding.messageText(Localizer(language: .en)).contains("more than 5"))
        let long = SyntheticCast(
            name: "blink-long",
            steps: [SyntheticCast.output("\u{1B}[5mALERT\u{1B}[0m\r\n"), SyntheticCast.output("\u{1B}[1;1H\u{1B}[2K")],
            times: [0, 6.5])
        let lasting = try #require(BlinkOrFlashRule().check(long.timeline).violations.first)
        #expect(lasting.message.key == "audit.blink-or-flash.message")
    }

    /// A v2 recording says the program's exit in Voz's header field, v3 in its `x` event; both read back as the
    /// program's exit at the end.
    @Test(arguments: CastRecording.Format.allCases)
    func theExitIsWrittenAsTheFormatAllowsAndReadBack(_ format: CastRecording.Format) throws {
        var recording = CastRecording(path: "exit.cast", width: 80, height: 24)
        recording.events = [CastRecording.Event(time: 0.5, code: "o", data: "Age: ")]
        recording.exitStatus = 3
        let text = recording.text(format)
        #expect(text.contains(format == .v2 ? "\"voz_exit_status\": 3" : "\"x\", \"3\""), "\(text)")
        let read = try CastRecording.parse(Data(text.utf8), path: "exit.cast")
        let timeline = ScreenReplay.replay(read)
        #expect(timeline.exitStatus == 3)
        #expect(timeline.exit?.place.time == 500)
    }

    /// dialog's selection moving from Apple to Banana is one fault a rule, not one a item: state-by-attribute-only
    /// says the list once (and the focused button once), focus-not-at-cursor once, quoting the item without its box.
    @Test func aSelectionMovingDownAListIsOneFinding() throws {
        let recording = try CastRecording.load(path: Self.fixtures.appendingPathComponent("dialog-menu.cast").path)
        let found = Self.violations(ScreenReplay.replay(recording))
        let states = found.filter { $0.ruleID == "state-by-attribute-only" }.compactMap { $0.message.arguments["item"] }
        #expect(states.filter { !$0.contains("<") } == ["Apple"], "\(states)")
        let focus = found.filter { $0.ruleID == "focus-not-at-cursor" }
        #expect(focus.count == 1)
        #expect(focus.first?.message.arguments["item"] == "1 Apple")
    }
}
