import Foundation
import Testing

@testable import VozKit

/// The held-back disagreements a rule was fixed for once the held-back figure was recorded (SCORE.md there): each a
/// held-back recording and the verdict its reviewer gave, checked for that rule alone so a fix that moves elsewhere
/// in the figure still names the recording it was made for.
@Suite struct HeldBackFixesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var recording: String
        var rule: String
        var reported: Bool
        var testDescription: String { "\(recording) \(rule) \(reported ? "reported" : "not reported")" }
    }

    static let cases: [Case] = [
        // Syntax highlighting inside code is no listing's colour: gcc's green `return`, gdb's address and function.
        Case(recording: "gcc-with-no-color.cast", rule: "color-only-meaning", reported: false),
        Case(recording: "make-gcc-errors.cast", rule: "color-only-meaning", reported: false),
        Case(recording: "voz-gdb-interactive-v3.cast", rule: "color-only-meaning", reported: false),
        Case(recording: "pytest-failures-wide.cast", rule: "color-only-meaning", reported: false),
        // A word split at the right edge leaves its end alone on a row ("obs."): no listing's one-word item.
        Case(recording: "shellcheck-warnings.cast", rule: "color-only-meaning", reported: false),
        Case(recording: "shellcheck-with-no-color.cast", rule: "color-only-meaning", reported: false),
        // A file's extension says what its colour says: `ls -F`'s red `notes.zip`.
        Case(recording: "fish-with-no-color.cast", rule: "color-only-meaning", reported: false),
        // An interpreter's `> ` under the banner that names it is its command line, as a shell's `$ `.
        Case(recording: "lua-repl.cast", rule: "prompt-no-label", reported: false),
        Case(recording: "node-repl.cast", rule: "prompt-no-label", reported: false),
        Case(recording: "node-repl-with-no-color.cast", rule: "prompt-no-label", reported: false),
    ]

    @Test(arguments: cases) func theRuleAgreesWithTheReviewer(_ testCase: Case) throws {
        let reported = try #require(
            RecordingCorpusTests.reported(testCase.recording, in: RecordingCorpusTests.heldBackFolder))
        #expect(reported.contains(testCase.rule) == testCase.reported)
    }
}
