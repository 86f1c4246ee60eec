import Foundation
import Testing

@testable import VozAudit
@testable import VozKit
@testable import VozScreenAudit
@testable import VozTerminal

// The classes of disagreement between the rules and the blind reviewers of the judged corpus (issue 26, section 2;
// docs/judging.md): each a replay shaped as the recorded programs wrote it, and what the rule must conclude.

private typealias S = SyntheticCast

// MARK: - Typing, shells and keys

/// A command typed one key at a time at a shell, as asciinema --stdin records it: each key echoed where it was typed.
private func typed(_ command: String, prompt: String = "bash-5.2# ", then output: String) -> [(String, String)] {
    command.flatMap { [S.input(String($0)), S.output(String($0))] } + [
        S.input("\r"), S.output("\r\n" + output + prompt),
    ]
}
private let lsAtShell = SyntheticCast(
    name: "ls-at-shell",
    steps: [S.output("bash-5.2# ")] + typed("ls --color /tmp", then: "a.txt  b.txt\r\n") + typed("exit", then: ""))
private let dollarPrompt = SyntheticCast(
    name: "dollar-prompt", steps: [S.output("$ ")] + typed("true", prompt: "$ ", then: "") + typed("exit", then: ""))
/// nano: the key legend at the bottom, and arrows that only move the cursor through the text.
private let editor = SyntheticCast(
    name: "editor",
    steps: [
        S.output(
            "\u{1B}[?1049h\u{1B}[1;1Hmilk\r\nbread\u{1B}[23;1H^G Help      ^O Write Out\u{1B}[24;1H^X Exit      ^R Read File"
                + "\u{1B}[1;1H"),
        S.input("\u{1B}OB"), S.output("\u{1B}[2;1H"), S.input("\u{1B}OB"), S.output("\u{1B}[?1049l"),
    ])

// MARK: - Errors

private let edVerbose = SyntheticCast(
    name: "ed-verbose",
    steps: [S.input("9p"), S.input("\r"), S.output("9p\r\n?\r\nInvalid address\r\n"), S.input("q"), S.input("\r")])
private let silentAgain = SyntheticCast(
    name: "silent-again",
    steps: [
        S.output("Age: "), S.input("forty"), S.input("\r"), S.output("forty\r\nAge: "), S.input("40"), S.input("\r"),
        S.output("40\r\nSaved.\r\n"),
    ])
private let grepLog = SyntheticCast(
    name: "grep-log",
    steps: [S.output("$ ")]
        + typed("grep -n ERROR app.log", prompt: "$ ", then: "9:2026-11-30 10:08:07 ERROR worker-2: request failed\r\n")
)
private let rangeError = SyntheticCast(
    name: "range-error",
    steps: [
        S.output("Age: "), S.input("150"), S.input("\r"),
        S.output("150\r\nError: 150 is not in the range 1<=x<=120.\r\nAge: "), S.input("40"), S.input("\r"),
        S.output("40\r\n"),
    ])

// MARK: - Prompts

private let statementThenRead = SyntheticCast(
    name: "statement-then-read",
    steps: [S.output("Deploying build 142.\r\n"), S.input("y"), S.input("\r"), S.output("y\r\nDone.\r\n")])
private let selectMenu = SyntheticCast(
    name: "select-menu",
    steps: [S.output("1) Apple\r\n2) Banana\r\n#? "), S.input("2"), S.input("\r"), S.output("2\r\nBanana\r\n")])

// MARK: - Updates, glyphs, colour, status

private let brailleSpinner = SyntheticCast(
    name: "braille-spinner",
    steps: ["⠋", "⠙", "⠹", "⠸", "⠋", "⠙"].map { S.output("\r\u{1B}[K\($0) Loading data") }
        + [S.output("\r\u{1B}[K✔ Loading data\r\n")])
/// top: figures redrawn in place, no bar nor percentage that ends.
private let monitor = SyntheticCast(
    name: "monitor", steps: (1...4).map { S.output("\u{1B}[1;1Htop - 10:0\($0):00 up 12 min, load average: 0.\($0)") })
private let framedTitle = SyntheticCast(name: "framed-title", steps: [S.output("=== Main menu ===\r\n1) Start\r\n")])
private let noColorTyped = SyntheticCast(
    name: "no-color-typed",
    steps: [
        S.output("$ "), S.input("NO_COLOR=1 ls"), S.output("NO_COLOR=1 ls"), S.input("\r"),
        S.output("\r\n\u{1B}[01;34mbin\u{1B}[0m  notes.txt\r\n$ "),
    ])
/// A status written on a bottom row while the program waits at the top, then replaced there.
private let bottomStatus = SyntheticCast(
    name: "bottom-status",
    steps: [
        S.output("\u{1B}[?1049h\u{1B}[1;1HShopping list\u{1B}[22;30H[ Read 3 lines ]\u{1B}[2;1H"), S.input("x"),
        S.output("x\u{1B}[22;1H\u{1B}[K\u{1B}[22;30H[ Modified ]\u{1B}[2;2H"), S.input("\u{18}"),
        S.output("\u{1B}[?1049l"),
    ])

let corpusClassCases: [RuleCase] = [
    // A program that never waits for a key needs no key instructions; a shell's prompt is a label.
    RuleCase(rule: "instructions-missing", cast: lsAtShell, fails: false),
    RuleCase(rule: "error-not-identified", cast: lsAtShell, fails: false),
    RuleCase(rule: "prompt-no-label", cast: dollarPrompt, fails: false),
    RuleCase(rule: "instructions-missing", cast: editor, fails: false),
    RuleCase(rule: "arrow-key-choice", cast: editor, fails: false),
    // Errors: explained after the "?", asked again in silence, records, ranges.
    RuleCase(rule: "error-not-identified", cast: edVerbose, fails: false),
    RuleCase(rule: "error-no-suggestion", cast: silentAgain, fails: true),
    RuleCase(rule: "error-no-suggestion", cast: grepLog, fails: false),
    RuleCase(rule: "error-no-suggestion", cast: rangeError, fails: false),
    // Prompts.
    RuleCase(rule: "prompt-no-label", cast: statementThenRead, fails: true),
    RuleCase(rule: "prompt-no-label", cast: selectMenu, fails: false),
    // Spinners, monitors, banners, NO_COLOR, bottom statuses.
    RuleCase(rule: "redraw-in-place", cast: brailleSpinner, fails: true),
    RuleCase(rule: "symbol-unreadable", cast: brailleSpinner, fails: true),
    RuleCase(rule: "completion-not-announced", cast: monitor, fails: false),
    RuleCase(rule: "decorative-glyph-run", cast: framedTitle, fails: true),
    RuleCase(rule: "no-color-ignored", cast: noColorTyped, fails: true),
    RuleCase(rule: "status-line-pinned", cast: bottomStatus, fails: true),
]

@Suite("Recording rules on the corpus reviewers' classes")
struct CorpusClassesTests {
    @Test(arguments: corpusClassCases)
    func ruleDecides(_ testCase: RuleCase) throws {
        try testCase.expectDecided()
    }

    @Test func aSpaceEchoedIntoALineIsTypingAndASpaceThatTogglesIsAKey() {
        #expect(!lsAtShell.timeline.personInputs.contains { $0.key == "space" })
        let checklist = SyntheticCast(
            name: "checklist",
            steps: [S.output("[ ] ssh\r\n[ ] cron\u{1B}[1;2H"), S.input(" "), S.output("*\u{1B}[1;2H"), S.input("\r")])
        #expect(checklist.timeline.personInputs.contains { $0.key == "space" })
    }
}
