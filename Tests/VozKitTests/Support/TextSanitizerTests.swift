import Testing

@testable import VozKit
@testable import VozSupport

/// Issue 24, section 3: the one sanitizer every printed line passes.
@Suite struct TextSanitizerTests {
    struct Case: Sendable, CustomStringConvertible {
        var input: String
        var printed: String
        var description: String { input.debugDescription }
    }

    static let cases: [Case] = [
        Case(input: "op\u{1B}]52;c;cHduZWQ=\u{07}id", printed: "opid"),
        Case(input: "a\u{1B}]0;title\u{1B}\\b", printed: "ab"),
        Case(input: "\u{1B}[2J\u{1B}[Hclear", printed: "clear"),
        Case(input: "x\u{9B}31my", printed: "xy"),
        Case(input: "x\u{9D}0;t\u{9C}y", printed: "xy"),
        Case(input: "\u{1B}P+q\u{1B}\\dcs", printed: "dcs"),
        Case(input: "\u{202E}gnp.exe", printed: "gnp.exe"),
        Case(input: "first\r\nsecond\nthird", printed: "first\nsecond\nthird"),
        Case(input: "over\rwrite", printed: "over write"),
        Case(input: "bell\u{07}\u{08}\u{7F}\u{85}", printed: "bell"),
        Case(input: "trailing escape \u{1B}", printed: "trailing escape "),
        Case(input: "Ana Pérez 東京", printed: "Ana Pérez 東京"),
        // Issue 37: tag characters, an instruction only a machine reads, and the Hangul fillers, blanks that pass
        // for a word.
        Case(input: "ok\u{E0001}\u{E0049}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}\u{E007F}!", printed: "ok!"),
        Case(input: "\u{3164}\u{115F}\u{1160}\u{FFA0}name", printed: "name"),
    ]

    @Test(arguments: cases)
    func printableDropsWhatATerminalActsOnAndKeepsLines(testCase: Case) {
        #expect(TextSanitizer.printable(testCase.input) == testCase.printed)
    }

    @Test(arguments: cases)
    func printedTextHasNoControlButTheLineFeed(testCase: Case) {
        let printed = TextSanitizer.printable(testCase.input)
        #expect(!printed.unicodeScalars.contains { $0 != "\n" && TextSanitizer.isInvisibleOrControl($0) })
    }
}
