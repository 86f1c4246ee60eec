import Foundation
import Testing

@testable import VozAudit
@testable import VozKit
@testable import VozLocalization
@testable import VozScreenAudit

// The classes of misses and false alarms an accessibility reviewer found on real programs (issue 26, section 1):
// each a replay shaped as asciinema or voz record writes those programs, and what the rule must conclude.

private typealias S = SyntheticCast

// MARK: - Terminal replies

/// prompt_toolkit asks for the cursor position at start-up; the terminal answers in an input event.
private let cursorReport = SyntheticCast(
    name: "cursor-report",
    steps: [
        S.output("\u{1B}[?25l\u{1B}[6n"), S.input("\u{1B}[1;1R"), S.output("\u{1B}[?25hYour name: "), S.input("Ana"),
        S.input("\r"), S.output("Ana\r\nHello, Ana.\r\n"),
    ])
/// Device attributes and a background colour asked for, answered in one input event.
private let attributesAndColor = SyntheticCast(
    name: "attributes-and-color",
    steps: [
        S.output("\u{1B}[c\u{1B}]11;?\u{1B}\\"), S.input("\u{1B}[?62;22c\u{1B}]11;rgb:0000/0000/0000\u{1B}\\"),
        S.output("Colour, red or green: "), S.input("green"), S.input("\r"), S.output("green\r\nGreen it is.\r\n"),
    ])

// MARK: - Secrets and errors

/// `read -p 'Password: '` under asciinema: each key its own input, echoed in the next output.
private let secretByKey = SyntheticCast(
    name: "secret-by-key",
    steps: [S.output("Password: ")] + "hunter22".flatMap { [S.input(String($0)), S.output(String($0))] }
        + [S.input("\r"), S.output("\r\nSaved.\r\n")])
private let secretHiddenByKey = SyntheticCast(
    name: "secret-hidden-by-key",
    steps: [S.output("Password: ")] + "hunter22".map { S.input(String($0)) }
        + [S.input("\r"), S.output("\r\nSaved.\r\n")])
/// ed: a bad command answered with a bare "?".
private let edQuestionMark = SyntheticCast(
    name: "ed", steps: [S.input("x"), S.input("\r"), S.output("x\r\n?\r\n"), S.input("q"), S.input("\r")])
private let validationFailed = SyntheticCast(
    name: "validation-failed",
    steps: [S.output("Email: "), S.input("abc"), S.input("\r"), S.output("abc\r\nValidation failed.\r\n")])
private let unknownCommand = SyntheticCast(
    name: "unknown-command",
    steps: [
        S.output("Command: "), S.input("frob"), S.input("\r"), S.output("frob\r\nunknown command frob\r\nCommand: "),
        S.input("quit"), S.input("\r"), S.output("quit\r\n"),
    ])
private let usageLine = SyntheticCast(
    name: "usage",
    steps: [S.output("Command: "), S.input("copy"), S.input("\r"), S.output("copy\r\nusage: copy SOURCE DEST\r\n")])
private let failedExit = SyntheticCast(
    name: "failed-exit",
    steps: [S.output("Port: "), S.input("99999"), S.input("\r"), S.output("99999\r\n"), ("x", "1")])
private let explainedExit = SyntheticCast(
    name: "explained-exit",
    steps: [
        S.output("Port: "), S.input("99999"), S.input("\r"),
        S.output("99999\r\nError: the port must be a number between 1 and 65535.\r\n"), ("x", "1"),
    ])

// MARK: - Time-outs, cursor, lines

/// `read -t 2 -p 'Continue? [Y/n] '`: nobody answers, and the script goes on with the default.
private let readTimeout = SyntheticCast(
    name: "read-t", steps: [S.output("Continue? [Y/n] "), S.output("\r\nGoing on with Y.\r\n")], times: [0, 2.1])
private let lsTimeoutFile = SyntheticCast(
    name: "ls-timeout",
    steps: [S.output("$ "), S.input("ls\r"), S.output("ls\r\nnotes.txt  timeout.conf  todo.md\r\n$ ")])
private let hiddenDuringCopy = SyntheticCast(
    name: "hidden-during-copy",
    steps: [S.output("\u{1B}[?25l")] + (1...3).map { S.output("\rCopying \($0)/3") }
        + [S.output("\r\nCopied 3 files.\r\n\u{1B}[?25h")])
private let aptLine = SyntheticCast(
    name: "apt-line",
    steps: [S.output("Get:1 http://deb.debian.org/debian bookworm/main amd64 libexample-dev 1.2.3-4 [45.6 kB]\r\n")],
    width: 40)

// MARK: - Progress and clearing

private func frames(_ frames: [String], then final: String?) -> SyntheticCast {
    let tail = final.map { [S.output("\r\n" + $0 + "\r\n")] } ?? [S.output("\r\n")]
    return SyntheticCast(name: "frames-\(frames.last ?? "")", steps: frames.map { S.output("\r" + $0) } + tail)
}
private let tqdmLike = frames(
    ["10%|█         | 7/70", "50%|█████     | 35/70", "100%|██████████| 70/70"], then: nil)
private let trailingUnrelated = frames(["10% copied", "40% copied", "60% copied"], then: "Elapsed time 3 s.")
private let clearAtStart = SyntheticCast(
    name: "clear-at-start", steps: [S.output("\u{1B}[H\u{1B}[2JMain menu\r\n1) Start\r\n")])

// MARK: - Colour, selections, tables

private let lsColor = SyntheticCast(
    name: "ls-color",
    steps: [
        S.output(
            "\u{1B}[01;34mbin\u{1B}[0m  \u{1B}[01;34mdocs\u{1B}[0m  notes.txt  \u{1B}[01;32mrun.sh\u{1B}[0m\r\n")
    ])
private let lsClassified = SyntheticCast(
    name: "ls-F-color",
    steps: [
        S.output(
            "\u{1B}[01;34mbin\u{1B}[0m/  \u{1B}[01;34mdocs\u{1B}[0m/  notes.txt  \u{1B}[01;32mrun.sh\u{1B}[0m*\r\n")
    ])
private let serviceColors = SyntheticCast(
    name: "service-colors",
    steps: [S.output("\u{1B}[32mweb\u{1B}[0m    \u{1B}[31mdb\u{1B}[0m    \u{1B}[32mcache\u{1B}[0m\r\n")])
private let serviceWords = SyntheticCast(
    name: "service-words",
    steps: [S.output("web    \u{1B}[32mrunning\u{1B}[0m\r\ndb     \u{1B}[31mstopped\u{1B}[0m\r\n")])
/// dialog paints the screen blue and its box grey; the selected item is the one row on blue.
private let dialogMenu = SyntheticCast(
    name: "dialog-menu",
    steps: [
        S.output(
            "\u{1B}[?1049h\u{1B}[44m\u{1B}[2J\u{1B}[2;3H\u{1B}[47;30m Pick a fruit      \u{1B}[3;3H  a  Apple         "
                + "\u{1B}[4;3H\u{1B}[44;37m  b  Banana        \u{1B}[47;30m\u{1B}[5;3H  c  Cherry        "
                + "\u{1B}[6;3H <Ok>   <Cancel>   \u{1B}[0m"),
        S.input("\u{1B}[B"), S.output("\u{1B}[?1049l"),
    ])
private let pointerMenu = SyntheticCast(
    name: "pointer-menu", steps: [S.output("Pick a fruit\r\n» Apple\r\n  Banana\r\n")])
private let dpkgTable = SyntheticCast(
    name: "dpkg-l",
    steps: [
        S.output(
            "||/ Name    Version   Description\r\n+++-=======-=========-====================\r\n"
                + "ii  bash    5.2.15    GNU Bourne Again SHell\r\n")
    ])
private let whiptailBox = SyntheticCast(
    name: "whiptail-box",
    steps: [
        S.output(
            "┌───────────────┐\r\n│ Pick a fruit  │\r\n│   a  Apple    │\r\n│   b  Banana   │\r\n└───────────────┘\r\n")
    ])

// MARK: - Scrolling and prompts

/// Each line starts with its newline, so the scroll and the new line come in one output event.
private let scrollingLog = SyntheticCast(
    name: "scrolling-log", steps: (1...30).map { S.output("\r\nGet:\($0) item number \($0)") })
private let spinnerThenInput = SyntheticCast(
    name: "spinner-then-input",
    steps: ["⠋", "⠙", "⠹", "⠸", "⠋", "⠙"].map { S.output("\r\($0) Loading") }
        + [S.output("\r\u{1B}[2K"), S.input("abc"), S.input("\r"), S.output("abc\r\n")])

let missedClassCases: [RuleCase] = [
    // Terminal replies are not typed answers.
    RuleCase(rule: "prompt-no-label", cast: cursorReport, fails: false),
    RuleCase(rule: "cursor-hidden", cast: cursorReport, fails: false),
    RuleCase(rule: "prompt-no-label", cast: attributesAndColor, fails: false),
    // Secrets echoed key by key.
    RuleCase(rule: "secret-echoed", cast: secretByKey, fails: true),
    RuleCase(rule: "secret-echoed", cast: secretHiddenByKey, fails: false),
    // Errors decided from what follows an answer.
    RuleCase(rule: "error-not-identified", cast: edQuestionMark, fails: true),
    RuleCase(rule: "error-no-suggestion", cast: edQuestionMark, fails: true),
    RuleCase(rule: "error-no-suggestion", cast: validationFailed, fails: true),
    RuleCase(rule: "error-no-suggestion", cast: unknownCommand, fails: true),
    RuleCase(rule: "error-not-identified", cast: unknownCommand, fails: false),
    RuleCase(rule: "error-not-identified", cast: usageLine, fails: true),
    RuleCase(rule: "error-not-identified", cast: failedExit, fails: true),
    RuleCase(rule: "error-not-identified", cast: explainedExit, fails: false),
    // Time-outs from timing; a word in a listing is not one.
    RuleCase(rule: "input-timeout", cast: readTimeout, fails: true),
    RuleCase(rule: "input-timeout", cast: lsTimeoutFile, fails: false),
    // The cursor hidden through output.
    RuleCase(rule: "cursor-hidden", cast: hiddenDuringCopy, fails: true),
    // Plain lines wider than the terminal.
    RuleCase(rule: "line-too-long", cast: aptLine, fails: true),
    // What a listener hears last after progress.
    RuleCase(rule: "completion-not-announced", cast: tqdmLike, fails: false),
    RuleCase(rule: "completion-not-announced", cast: trailingUnrelated, fails: true),
    // A clear at the very start.
    RuleCase(rule: "screen-cleared", cast: clearAtStart, fails: true),
    // Colour only, selections, pointers, tables.
    RuleCase(rule: "color-only-meaning", cast: lsColor, fails: true),
    RuleCase(rule: "color-only-meaning", cast: lsClassified, fails: false),
    RuleCase(rule: "color-only-meaning", cast: serviceColors, fails: true),
    RuleCase(rule: "color-only-meaning", cast: serviceWords, fails: false),
    RuleCase(rule: "state-by-attribute-only", cast: dialogMenu, fails: true),
    RuleCase(rule: "symbol-unreadable", cast: pointerMenu, fails: true),
    RuleCase(rule: "table-as-art", cast: dpkgTable, fails: true),
    RuleCase(rule: "table-as-art", cast: whiptailBox, fails: false),
    // Scrolling is not redrawing.
    RuleCase(rule: "redraw-in-place", cast: scrollingLog, fails: false),
    // A spinner's last frame is not a prompt's label.
    RuleCase(rule: "prompt-no-label", cast: spinnerThenInput, fails: true),
]

@Suite("Recording rules on the reviewer's classes")
struct RecordingMissesTests {
    @Test(arguments: missedClassCases)
    func ruleDecides(_ testCase: RuleCase) throws {
        try testCase.expectDecided()
    }

    @Test func anAnswerIsPairedWithItsQueryAndAnUnaskedOneStaysAKey() {
        let asked = SyntheticCast(
            name: "asked", steps: [S.output("\u{1B}[6n"), S.input("\u{1B}[3;1Rab"), S.output("Name: ")])
        #expect(asked.timeline.personInputs.map(\.data) == ["ab"])
        // Shift+F3 sends the same shape as a cursor report: with no query it is a key, never typed text.
        let unasked = SyntheticCast(name: "unasked", steps: [S.output("Name: "), S.input("\u{1B}[1;2R")])
        #expect(unasked.timeline.personInputs.map(\.key) == ["reply"])
        let replies = SyntheticCast(
            name: "replies", steps: [S.output("\u{1B}[c\u{1B}[5n"), S.input("\u{1B}[?62;22c"), S.input("\u{1B}[0n")])
        #expect(replies.timeline.personInputs.isEmpty)
    }

    @Test func aSecretTypedKeyByKeyIsDecidedNotLeftForReview() throws {
        let rule = try #require(AuditRules.recording.first { $0.info.id == "secret-echoed" })
        #expect(rule.check(secretHiddenByKey.timeline).incomplete.isEmpty)
        #expect(rule.check(secretByKey.timeline).incomplete.isEmpty)
    }

    @Test func theCursorHiddenThroughOutputIsMinor() throws {
        let rule = try #require(AuditRules.recording.first { $0.info.id == "cursor-hidden" })
        let finding = try #require(rule.check(hiddenDuringCopy.timeline).violations.first)
        #expect(finding.severity == .minor)
    }

    @Test func aRowRewrittenOnceSaysOnce() throws {
        let rule = try #require(AuditRules.recording.first { $0.info.id == "redraw-in-place" })
        let once = SyntheticCast(name: "once", steps: [S.output("Copying 50%"), S.output("\rCopying 90%\r\n")])
        let finding = try #require(rule.check(once.timeline).violations.first)
        let text = finding.messageText(Localizer(language: .en))
        #expect(text.contains("once"), "\(text)")
        #expect(!text.contains("1 times"), "\(text)")
    }

    @Test func theWellBehavedCasesStayClean() {
        let result = Auditor.audit(
            forms: [], transcripts: [], recordings: [cursorReport.timeline, attributesAndColor.timeline])
        #expect(result.violations.isEmpty, "\(result.violations)")
        #expect(result.incomplete.isEmpty, "\(result.incomplete)")
    }
}
