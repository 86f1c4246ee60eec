import Foundation
import Testing

@testable import VozAudit
@testable import VozKit
@testable import VozLocalization
@testable import VozScreenAudit
@testable import VozTerminal

/// A synthetic recording: output and input events as a program would produce them.
struct SyntheticCast: CustomTestStringConvertible, Sendable {
    var name: String
    var steps: [(String, String)]
    var echo: [Bool] = []
    var width = 80
    /// Each step's time in seconds, when not 0.8 s apart.
    var times: [Double]? = nil

    var testDescription: String { name }

    var timeline: ScreenTimeline {
        var recording = CastRecording(path: "\(name).cast", width: width, height: 24, inputEcho: echo)
        for (index, step) in steps.enumerated() {
            let time = times.map { $0[index] } ?? Double(index) * 0.8
            recording.events.append(CastRecording.Event(time: time, code: step.0, data: step.1, line: index + 2))
        }
        return ScreenReplay.replay(recording)
    }

    static func output(_ text: String) -> (String, String) { ("o", text) }
    static func input(_ text: String) -> (String, String) { ("i", text) }
}

/// What one rule must conclude about one synthetic program.
struct RuleCase: CustomTestStringConvertible, Sendable {
    var rule: String
    var cast: SyntheticCast
    var fails: Bool
    var testDescription: String { "\(rule) \(fails ? "fails" : "passes") \(cast.name)" }

    /// Runs the case's rule on its recording and expects it to fail or pass as the case says; returns the check.
    @discardableResult
    func expectDecided(sourceLocation: SourceLocation = #_sourceLocation) throws -> RuleCheck {
        let found = try #require(
            AuditRules.recording.first { $0.info.id == rule }, sourceLocation: sourceLocation)
        let check = found.check(cast.timeline)
        if fails {
            #expect(!check.violations.isEmpty, "\(check)", sourceLocation: sourceLocation)
        } else {
            #expect(check.violations.isEmpty, "\(check.violations)", sourceLocation: sourceLocation)
        }
        return check
    }
}

private typealias S = SyntheticCast

private func progress(_ frames: [String], final: String?) -> SyntheticCast {
    var steps = frames.map { S.output("\r" + $0) }
    if let final { steps.append(S.output("\r\n" + final + "\r\n")) } else { steps.append(S.output("\r\n")) }
    return SyntheticCast(name: "progress", steps: steps)
}

private let spinner = progress(
    (0..<12).map { ["|", "/", "-", "\\"][$0 % 4] + " Working" }, final: "Finished.")
private let bar = progress((0...10).map { "\($0 * 10)% done" }, final: "Copied 10 files.")
/// A bar, its count and a spinner beside them (alive-progress): the row never takes the same shape twice, but the
/// spinner's frames come back.
private func barBeside(_ spinner: [String]) -> SyntheticCast {
    progress(
        (0...24).map { step in
            "Processing |" + String(repeating: "█", count: step) + String(repeating: " ", count: 24 - step) + "| "
                + spinner[step % spinner.count] + " \(step)/24"
        }, final: "Processed 24 items.")
}
private let slowBar = SyntheticCast(
    name: "slow-bar", steps: (0...10).map { S.output("\r\($0 * 10)%") } + [S.output("\r\nDone.\r\n")])
private let plainPrompts = SyntheticCast(
    name: "plain", steps: [S.output("Your name: "), S.input("Ana"), S.input("\r"), S.output("Ana\r\nSaved Ana.\r\n")])
private let menuHighlight = SyntheticCast(
    name: "menu-reverse",
    steps: [
        S.output("Pick a fruit:\r\n\u{1B}[7m Apple \u{1B}[0m\r\n Banana \r\n Cherry \r\n\u{1B}[?25l"),
        S.input("\u{1B}[B"), S.output("\u{1B}[2;1H Apple \r\n\u{1B}[7m Banana \u{1B}[0m"),
        S.input("\r"),
    ])
private let menuPointer = SyntheticCast(
    name: "menu-pointer",
    steps: [
        S.output("Pick a fruit (use the up and down arrows, then Enter):\r\n> 1) Apple\r\n  2) Banana\r\n\u{1B}[2;1H"),
        S.input("\u{1B}[B"), S.output("  1) Apple\r\n> 2) Banana\u{1B}[3;1H"), S.input("\r"),
        S.output("\r\n\r\nYou picked Banana.\r\n"),
    ])

/// A listing typed for at a shell and longer than the screen (dpkg -l): its header and rule scroll off the top in the
/// same output as the rows under them, in answer to the Enter.
private func longListing(ruled: Bool) -> SyntheticCast {
    let header = "Name         Version   Description\r\n" + (ruled ? "+++-=========-=========-============\r\n" : "")
    let rows = (1...30).map { "ii  lib\($0)      1.\($0)       a library\r\n" }.joined()
    return SyntheticCast(
        name: ruled ? "long-ruled-listing" : "long-listing",
        steps: [S.output("$ "), S.input("dpkg -l\r"), S.output("dpkg -l\r\n" + header + rows + "$ ")],
        times: [0.0, 1.0, 1.05])
}

/// A monitor's key that brings up a "Sort by" list with its current item in reverse video, left with Escape.
private func sortList(numbered: Bool) -> SyntheticCast {
    let items = ["PID", "USER", "CPU", "MEM"].enumerated().map {
        numbered ? "\($0.offset + 1) \($0.element)" : $0.element
    }
    return SyntheticCast(
        name: numbered ? "numbered-sort-list" : "sort-list",
        steps: [
            S.output("Processes: 3\r\n 101 sleep\r\n"), S.input("s"),
            S.output(
                "\u{1B}[H\u{1B}[2JSort by\r\n\u{1B}[7m\(items[0])\u{1B}[0m\r\n"
                    + items.dropFirst().joined(separator: "\r\n")),
            S.input("\u{1B}"),
        ])
}

let ruleCases: [RuleCase] = [
    RuleCase(rule: "redraw-in-place", cast: bar, fails: true),
    RuleCase(rule: "redraw-in-place", cast: plainPrompts, fails: false),
    // Rewrites within half a second of the row's first write are the program drawing it: a menu's pointer,
    // npx's three start-up frames. Each with its twin a second later, which is an update.
    RuleCase(
        rule: "redraw-in-place",
        cast: SyntheticCast(
            name: "pointer-drawn", steps: [S.output("  entry 1\r\n  entry 2\r\u{1B}[A"), S.output("> ")],
            times: [0.41, 0.415]),
        fails: false),
    RuleCase(
        rule: "redraw-in-place",
        cast: SyntheticCast(
            name: "pointer-moved-later", steps: [S.output("  entry 1\r\n  entry 2\r\u{1B}[A"), S.output("> ")],
            times: [0.41, 1.5]),
        fails: true),
    RuleCase(
        rule: "redraw-in-place",
        cast: SyntheticCast(
            name: "start-up-frames",
            steps: [S.output("\\"), S.output("\r|"), S.output("\r/"), S.output("\r\u{1B}[KReady.\r\n")],
            times: [0.35, 0.48, 0.62, 0.7]),
        fails: false),
    RuleCase(
        rule: "redraw-in-place",
        cast: SyntheticCast(
            name: "slow-frames",
            steps: [S.output("\\"), S.output("\r|"), S.output("\r/"), S.output("\r\u{1B}[KReady.\r\n")],
            times: [0.35, 1.2, 2.1, 2.9]),
        fails: true),
    RuleCase(rule: "spinner-frames", cast: spinner, fails: true),
    RuleCase(rule: "spinner-frames", cast: bar, fails: false),
    // rsync --info=progress2: the line gains and loses a tail, two shapes back and forth, and no glyph turns.
    RuleCase(
        rule: "spinner-frames",
        cast: SyntheticCast(
            name: "rsync-tail",
            steps: [
                "\r         32,768   0%    0.00kB/s    0:00:00  ",
                "\r      3,000,000   8%    8.87MB/s    0:00:00 (xfr#1, to-chk=11/13)",
                "\r      6,000,000  16%    8.96MB/s    0:00:00 (xfr#2, to-chk=10/13)",
                "\r      8,654,208  24%    7.83MB/s    0:00:03  ",
                "\r      9,000,000  25%    8.14MB/s    0:00:01 (xfr#3, to-chk=9/13) ",
                "\r     12,000,000  33%    8.35MB/s    0:00:01 (xfr#4, to-chk=8/13)",
                "\r     15,000,000  41%    8.00MB/s    0:00:01 (xfr#5, to-chk=7/13)",
                "\r     17,228,224  47%    7.82MB/s    0:00:02  ",
                "\r     18,000,000  50%    8.16MB/s    0:00:02 (xfr#6, to-chk=6/13)",
                "\r     21,000,000  58%    7.93MB/s    0:00:02 (xfr#7, to-chk=5/13)",
                "\r     24,000,000  66%    8.02MB/s    0:00:02 (xfr#8, to-chk=4/13)",
                "\r     26,031,616  72%    7.82MB/s    0:00:01  ",
                "\r     27,000,000  75%    7.85MB/s    0:00:03 (xfr#9, to-chk=3/13)",
                "\r     30,000,000  83%    7.95MB/s    0:00:03 (xfr#10, to-chk=2/13)",
                "\r     33,000,000  91%    7.82MB/s    0:00:04 (xfr#11, to-chk=1/13)",
                "\r     34,769,472  96%    7.82MB/s    0:00:00  ",
                "\r     36,000,000 100%    7.89MB/s    0:00:04 (xfr#12, to-chk=0/13)",
                "\r     36,000,000 100%    7.89MB/s    0:00:04 (xfr#12, to-chk=0/13)",
            ].map { S.output($0) }), fails: false),
    RuleCase(rule: "spinner-frames", cast: barBeside(["▁▃▅", "▂▄▆", "▃▅▇", "▂▄▆"]), fails: true),
    RuleCase(rule: "spinner-frames", cast: barBeside(["▁▃▅"]), fails: false),
    RuleCase(rule: "auto-update-over-5s", cast: slowBar, fails: true),
    RuleCase(rule: "auto-update-over-5s", cast: progress(["1%", "2%", "3%"], final: "Done."), fails: false),
    RuleCase(
        rule: "status-line-pinned",
        cast: SyntheticCast(name: "region", steps: [S.output("\u{1B}[1;23r\u{1B}[24;1Hstatus: ok\u{1B}[1;1Hlog\r\n")]),
        fails: true),
    RuleCase(rule: "status-line-pinned", cast: plainPrompts, fails: false),
    RuleCase(rule: "cursor-hidden", cast: menuHighlight, fails: true),
    RuleCase(rule: "cursor-hidden", cast: menuPointer, fails: false),
    RuleCase(rule: "focus-not-at-cursor", cast: menuHighlight, fails: true),
    RuleCase(rule: "focus-not-at-cursor", cast: menuPointer, fails: false),
    RuleCase(rule: "arrow-key-choice", cast: menuHighlight, fails: true),
    RuleCase(rule: "arrow-key-choice", cast: menuPointer, fails: false),
    // A key that brings up a list with a current item offers a choice, whatever key then leaves it (htop's F6).
    RuleCase(rule: "arrow-key-choice", cast: sortList(numbered: false), fails: true),
    RuleCase(rule: "arrow-key-choice", cast: sortList(numbered: true), fails: false),
    RuleCase(rule: "instructions-missing", cast: menuHighlight, fails: true),
    RuleCase(rule: "instructions-missing", cast: menuPointer, fails: false),
    RuleCase(rule: "state-by-attribute-only", cast: menuHighlight, fails: true),
    RuleCase(
        rule: "state-by-attribute-only",
        cast: SyntheticCast(
            name: "marked-highlight",
            steps: [S.output("Pick:\r\n\u{1B}[7m> Apple \u{1B}[0m\r\n  Banana\r\n\u{1B}[2;1H"), S.input("\r")]),
        fails: false),
    RuleCase(
        rule: "symbol-unreadable", cast: SyntheticCast(name: "check", steps: [S.output("✔ Saved\r\n")]), fails: true),
    RuleCase(rule: "symbol-unreadable", cast: plainPrompts, fails: false),
    RuleCase(
        rule: "decorative-glyph-run",
        cast: SyntheticCast(name: "rule", steps: [S.output("Results\r\n────────────\r\n")]), fails: true),
    RuleCase(
        rule: "decorative-glyph-run", cast: SyntheticCast(name: "dashes", steps: [S.output("a - b -- c\r\n")]),
        fails: false),
    RuleCase(
        rule: "table-as-art",
        cast: SyntheticCast(
            name: "table", steps: [S.output("│ Name │ Age │\r\n│ Ana  │ 30  │\r\n│ Luis │ 41  │\r\n")]),
        fails: true),
    RuleCase(
        rule: "table-as-art",
        cast: SyntheticCast(name: "list", steps: [S.output("Ana, 30 years\r\nLuis, 41 years\r\nEva, 25 years\r\n")]),
        fails: false),
    RuleCase(rule: "table-as-art", cast: longListing(ruled: true), fails: true),
    RuleCase(rule: "table-as-art", cast: longListing(ruled: false), fails: false),
    RuleCase(
        rule: "fullscreen-layout",
        cast: SyntheticCast(name: "alt", steps: [S.output("\u{1B}[?1049hMenu\u{1B}[?1049l")]), fails: true),
    RuleCase(rule: "fullscreen-layout", cast: plainPrompts, fails: false),
    RuleCase(
        rule: "screen-cleared",
        cast: SyntheticCast(
            name: "clear", steps: [S.output("one\r\ntwo\r\nthree\r\nfour\r\n"), S.output("\u{1B}[H\u{1B}[2J")]),
        fails: true),
    RuleCase(rule: "screen-cleared", cast: plainPrompts, fails: false),
    // One write that redraws the alternate screen, clearing it, and leaves it: the user's screen is untouched.
    RuleCase(
        rule: "screen-cleared",
        cast: SyntheticCast(
            name: "alternate-cleared-then-left",
            steps: [
                S.output("Before\r\n\u{1B}[?1049h\u{1B}[H\u{1B}[2JMenu\r\n* One"),
                S.output("\u{1B}[H\u{1B}[2JMenu\r\n* Two\u{1B}[?1049lYou chose Two.\r\n"),
            ]), fails: false),
    RuleCase(
        rule: "screen-cleared",
        cast: SyntheticCast(
            name: "left-then-cleared",
            steps: [
                S.output("Before\r\n\u{1B}[?1049h\u{1B}[H\u{1B}[2JMenu\r\n* One"),
                S.output("\u{1B}[?1049l\u{1B}[H\u{1B}[2JYou chose One.\r\n"),
            ]), fails: true),
    // dialog's start, as one write or two: the alternate screen entered, cleared and left, then the user's own
    // screen cleared before drawing. However the terminal cut the output into writes, the user's screen was
    // cleared (a live recording of dialog, cut the first way, missed it in 2 of 20).
    RuleCase(
        rule: "screen-cleared",
        cast: SyntheticCast(
            name: "alternate-probe-in-one-write-then-clear",
            steps: [
                S.output("\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[?1049l"),
                S.output("\u{1B}[H\u{1B}[2JPick a fruit\r\n"),
            ]), fails: true),
    RuleCase(
        rule: "screen-cleared",
        cast: SyntheticCast(
            name: "alternate-probe-then-clear-in-the-next-write",
            steps: [
                S.output("\u{1B}[?1049h\u{1B}[H\u{1B}[2J"),
                S.output("\u{1B}[?1049l\u{1B}[H\u{1B}[2JPick a fruit\r\n"),
            ]), fails: true),
    // A monitor's current row on a background of its own, between a header and a key bar on another: seen as the
    // current one whether or not a key moved it. A toolbar alone at the bottom is no list's item.
    RuleCase(
        rule: "color-only-meaning",
        cast: SyntheticCast(
            name: "current-row-by-background",
            steps: [
                S.output(
                    "\u{1B}[42m PID USER COMMAND \u{1B}[0m\r\n\u{1B}[46m 101 root sleep \u{1B}[0m\r\n 102 root sleep\r\n"
                        + " 103 root sleep\r\n\u{1B}[42mF1 Help  F10 Quit\u{1B}[0m"),
                S.input("q"),
            ]),
        fails: true),
    RuleCase(
        rule: "color-only-meaning",
        cast: SyntheticCast(
            name: "toolbar-by-background",
            steps: [
                S.output("Name: \u{1B}[s\u{1B}[24;1H\u{1B}[41mInvalid input\u{1B}[0m\u{1B}[u"), S.input("a"),
                S.input("\r"),
            ]),
        fails: false),
    RuleCase(
        rule: "color-only-meaning",
        cast: SyntheticCast(
            name: "dots", steps: [S.output("\u{1B}[32m●\u{1B}[0m web\r\n\u{1B}[31m●\u{1B}[0m db\r\n")]),
        fails: true),
    RuleCase(
        rule: "color-only-meaning",
        cast: SyntheticCast(
            name: "words", steps: [S.output("\u{1B}[32mup\u{1B}[0m web\r\n\u{1B}[31mdown\u{1B}[0m db\r\n")]),
        fails: false),
    RuleCase(
        rule: "error-not-identified",
        cast: SyntheticCast(
            name: "reask",
            steps: [
                S.output("Age: "), S.input("abc"), S.input("\r"), S.output("abc\r\nAge: "), S.input("3"),
                S.input("\r"), S.output("3\r\n"),
            ]), fails: true),
    // A list loop asks the same question for the next item, after saying what it did with the last one.
    RuleCase(
        rule: "error-not-identified",
        cast: SyntheticCast(
            name: "list-loop",
            steps: [
                S.output("Item to add: "), S.input("milk"), S.input("\r"),
                S.output("milk\r\nAdded milk. The list has 1 item.\r\nItem to add: "), S.input("eggs"),
                S.input("\r"), S.output("eggs\r\nAdded eggs.\r\n"),
            ]), fails: false),
    RuleCase(
        rule: "error-not-identified",
        cast: SyntheticCast(
            name: "reask-explained",
            steps: [
                S.output("Age: "), S.input("abc"), S.input("\r"),
                S.output("abc\r\nError: enter a number, such as 42.\r\nAge: "), S.input("3"), S.input("\r"),
                S.output("3\r\n"),
            ]), fails: false),
    RuleCase(
        rule: "error-no-suggestion",
        cast: SyntheticCast(
            name: "bare-error",
            steps: [S.output("Age: "), S.input("abc"), S.input("\r"), S.output("abc\r\nInvalid value.\r\n")]),
        fails: true),
    RuleCase(
        rule: "error-no-suggestion",
        cast: SyntheticCast(
            name: "helpful-error",
            steps: [
                S.output("Age: "), S.input("abc"), S.input("\r"),
                S.output("abc\r\nInvalid value: enter a number between 1 and 120.\r\n"),
            ]), fails: false),
    RuleCase(
        rule: "prompt-no-label",
        cast: SyntheticCast(name: "bare", steps: [S.output("> "), S.input("hi"), S.input("\r"), S.output("hi\r\n")]),
        fails: true),
    RuleCase(rule: "prompt-no-label", cast: plainPrompts, fails: false),
    // A menu asks too: menuHighlight says "Pick a fruit:" above its options; the same list at the top of the screen
    // names nothing.
    RuleCase(rule: "prompt-no-label", cast: menuHighlight, fails: false),
    RuleCase(
        rule: "prompt-no-label",
        cast: SyntheticCast(
            name: "bare-menu",
            steps: [
                S.output("\u{1B}[7m Apple \u{1B}[0m\r\n Banana \r\n Cherry \r\n\u{1B}[?25l"), S.input("\u{1B}[B"),
                S.output("\u{1B}[1;1H Apple \r\n\u{1B}[7m Banana \u{1B}[0m"), S.input("\r"),
            ]),
        fails: true),
    RuleCase(
        rule: "input-timeout",
        cast: SyntheticCast(name: "timeout", steps: [S.output("Answer: "), S.output("\r\nTimed out.\r\n")]), fails: true
    ),
    RuleCase(rule: "input-timeout", cast: plainPrompts, fails: false),
    RuleCase(
        rule: "secret-echoed",
        cast: SyntheticCast(
            name: "echoed", steps: [S.output("Password: "), S.input("hunter2"), S.output("hunter2")], echo: [true]),
        fails: true),
    RuleCase(
        rule: "secret-echoed",
        cast: SyntheticCast(
            name: "hidden", steps: [S.output("Password: "), S.input("hunter2"), S.input("\r"), S.output("\r\nOK\r\n")],
            echo: [false, false]), fails: false),
    RuleCase(
        rule: "line-too-long",
        cast: SyntheticCast(
            name: "columns", steps: [S.output("Name      Size      Modified      Description of accessibility\r\n")],
            width: 40),
        fails: true),
    RuleCase(
        rule: "line-too-long",
        cast: SyntheticCast(
            name: "prose", steps: [S.output(String(repeating: "word ", count: 8) + "accessibility\r\n")], width: 45),
        fails: false),
    RuleCase(rule: "completion-not-announced", cast: progress(["1%", "50%", "80%"], final: nil), fails: true),
    RuleCase(rule: "completion-not-announced", cast: bar, fails: false),
    RuleCase(
        rule: "completion-not-announced",
        cast: SyntheticCast(
            name: "spinner-replaced",
            steps: ["⠋", "⠙", "⠹", "⠋"].map { S.output("\r\($0) Working") } + [S.output("\r\u{1B}[2KDone, 3 files.")]),
        fails: false),
    RuleCase(
        rule: "blink-or-flash",
        cast: SyntheticCast(name: "blink", steps: [S.output("\u{1B}[5mALERT\u{1B}[0m\r\n")]), fails: true),
    RuleCase(
        rule: "blink-or-flash",
        cast: SyntheticCast(name: "flash", steps: [S.output("\u{1B}[?5h"), S.output("\u{1B}[?5l")]), fails: true),
    RuleCase(rule: "blink-or-flash", cast: plainPrompts, fails: false),
    // WCAG 2.2.2: blinking is allowed for five seconds, and past them when a key stops it.
    RuleCase(
        rule: "blink-or-flash",
        cast: SyntheticCast(
            name: "blink-3s", steps: [S.output("\u{1B}[5mSaving\u{1B}[0m"), S.output("\r\u{1B}[2KSaved.\r\n")],
            times: [0.1, 3.1]),
        fails: false),
    RuleCase(
        rule: "blink-or-flash",
        cast: SyntheticCast(
            name: "blink-7s", steps: [S.output("\u{1B}[5mSaving\u{1B}[0m"), S.output("\r\u{1B}[2KSaved.\r\n")],
            times: [0.1, 7.1]),
        fails: true),
    RuleCase(
        rule: "blink-or-flash",
        cast: SyntheticCast(
            name: "blink-until-key",
            steps: [
                S.output("\u{1B}[5mDUE\u{1B}[0m press a key to stop\r\n"), S.input(" "),
                S.output("\u{1B}[A\u{1B}[KDUE (steady)\r\n"),
            ],
            times: [0.1, 9.0, 9.01]),
        fails: false),
]

@Suite("Recording rules")
struct RecordingRulesTests {
    /// `voz audit --keys` learns how the program ended after the replay: what the replay worked out beforehand
    /// must not hide a failed exit right after the answer.
    @Test func anExitSetAfterTheReplayIsRead() throws {
        var timeline = SyntheticCast(
            name: "exit-later", steps: [S.output("Code: "), S.input("42"), S.input("\r"), S.output("42\r\n")]
        ).timeline
        let rule = try #require(AuditRules.recording.first { $0.info.id == "error-not-identified" })
        #expect(rule.check(timeline).violations.isEmpty)
        timeline.exit = ScreenTimeline.ProgramExit(
            status: 1, place: ScreenTimeline.Place(time: 2_500, line: 6, offset: 10))
        #expect(rule.check(timeline).violations.map(\.ruleID) == ["error-not-identified"])
    }

    @Test(arguments: ruleCases)
    func ruleDecides(_ testCase: RuleCase) throws {
        let rule = try #require(AuditRules.recording.first { $0.info.id == testCase.rule })
        let check = rule.check(testCase.cast.timeline)
        if testCase.fails {
            #expect(!check.violations.isEmpty, "\(check)")
            for finding in check.violations {
                #expect(finding.location.time != nil)
                #expect(finding.location.offset != nil)
            }
        } else {
            #expect(check.violations.isEmpty, "\(check.violations)")
        }
    }

    @Test func everyRuleHasAFailingAndAPassingCase() {
        // Both only ask for review: their cases are in noColorIsDecidedOnlyWithTheSecondRun and HostileRecordingTests.
        for rule in AuditRules.recording.map(\.info.id) where !["no-color-ignored", "replay-limited"].contains(rule) {
            #expect(ruleCases.contains { $0.rule == rule && $0.fails }, "\(rule) has no failing case")
            #expect(ruleCases.contains { $0.rule == rule && !$0.fails }, "\(rule) has no passing case")
        }
    }

    @Test func theIssuesRuleIDs() {
        let ids = [
            "redraw-in-place", "spinner-frames", "auto-update-over-5s", "status-line-pinned", "cursor-hidden",
            "focus-not-at-cursor", "arrow-key-choice", "instructions-missing", "state-by-attribute-only",
            "symbol-unreadable", "decorative-glyph-run", "table-as-art", "fullscreen-layout", "screen-cleared",
            "color-only-meaning", "no-color-ignored", "error-not-identified", "error-no-suggestion", "prompt-no-label",
            "input-timeout", "secret-echoed", "line-too-long", "completion-not-announced", "blink-or-flash",
            "replay-limited",
        ]
        #expect(AuditRules.recording.map(\.info.id) == ids)
    }

    @Test func noColorIsDecidedOnlyWithTheSecondRun() {
        let colored = SyntheticCast(name: "color", steps: [S.output("\u{1B}[31mred\u{1B}[0m\r\n")])
        var timeline = colored.timeline
        let rule = NoColorIgnoredRule()
        #expect(rule.check(timeline).violations.isEmpty)
        #expect(rule.check(timeline).incomplete.count == 1)
        timeline.noColorRun = .init(path: "color.no-color.cast", firstColor: timeline.firstColor)
        #expect(rule.check(timeline).violations.count == 1)
        timeline.noColorRun = .init(path: "color.no-color.cast", firstColor: nil)
        #expect(rule.check(timeline).violations.isEmpty)
        #expect(rule.check(plainPrompts.timeline).incomplete.isEmpty)
    }

    @Test func aWellBehavedProgramIsClean() {
        let result = Auditor.audit(forms: [], transcripts: [], recordings: [plainPrompts.timeline])
        #expect(result.violations.isEmpty, "\(result.violations)")
        #expect(result.incomplete.isEmpty, "\(result.incomplete)")
    }
}

@Suite("Recording audits in reports")
struct RecordingReportTests {
    @Test func aRuleSharedByFormsAndRecordingsIsListedOnce() throws {
        let timeline = SyntheticCast(name: "check", steps: [("o", "✔ Saved\r\n")]).timeline
        let result = Auditor.audit(forms: [], transcripts: [], recordings: [timeline])
        #expect(result.rules.filter { $0.id == "symbol-unreadable" }.count == 1)
        let localizer = Localizer(language: .en)
        let sarif = SarifReport.render(result, localizer: localizer)
        let log = try #require(JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let finding = try #require(results.first { $0["ruleId"] as? String == "symbol-unreadable" })
        let properties = try #require(finding["properties"] as? [String: Any])
        #expect(properties["row"] as? Int == 1)
        #expect(properties["outputOffset"] as? Int == 0)
        let text = TextReport.render(result, failOn: .serious, localizer: localizer)
        #expect(text.contains("check.cast:2: moderate: symbol-unreadable: At 0.0 seconds row 1 showed symbols"))
        #expect(text.contains("(0.0 s, row 1)"))
        let axe = AxeReport.render(result, localizer: localizer)
        #expect(axe.contains("\"row\" : 1"))
    }
}
