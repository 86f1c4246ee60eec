import Testing

@testable import VozForm
@testable import VozKit
@testable import VozOpenAPI

@Suite("ECMA-262 patterns translated into Voz's matcher, or refused")
struct ECMAPatternTranslatorTests {
    /// A construct, its translation, and values it must and must not match the way ECMA-262 does.
    struct Case: CustomTestStringConvertible, Sendable {
        var pattern: String
        var translation: String
        var matches: [String]
        var misses: [String]
        var testDescription: String { pattern }
    }

    static let translated: [Case] = [
        Case(pattern: "^abc$", translation: "^abc\\z", matches: ["abc"], misses: ["abc\n", "xabc"]),
        Case(pattern: "a+", translation: "[\\s\\S]*?a+[\\s\\S]*", matches: ["xxaayy", "a"], misses: ["xyz", ""]),
        Case(pattern: "^a", translation: "^a[\\s\\S]*", matches: ["ab"], misses: ["ba"]),
        Case(pattern: "b$", translation: "[\\s\\S]*?b\\z", matches: ["ab"], misses: ["ba", "ab\n"]),
        Case(
            pattern: "^a|b$", translation: "[\\s\\S]*?(?:^a|b\\z)[\\s\\S]*", matches: ["ax", "xb"],
            misses: ["xa", "bx"]),
        Case(pattern: "^\\d$", translation: "^[0-9]\\z", matches: ["0"], misses: ["\u{07C0}", "৪"]),
        Case(pattern: "^\\D$", translation: "^[^0-9]\\z", matches: ["\u{07C0}"], misses: ["0"]),
        Case(pattern: "^\\w$", translation: "^[A-Za-z0-9_]\\z", matches: ["a", "_"], misses: ["é"]),
        Case(pattern: "^\\W$", translation: "^[^A-Za-z0-9_]\\z", matches: ["é"], misses: ["a"]),
        Case(
            pattern: "^\\s$", translation: "^[\(ECMAPatternTranslator.whitespace)]\\z",
            matches: [" ", "\t", "\u{0B}", "\u{0C}", "\u{A0}", "\u{FEFF}", "\n", "\u{2029}", "\u{2003}"],
            misses: ["\u{01}", "\u{2013}", "\u{85}", "\u{180E}"]),
        Case(
            pattern: "^\\S$", translation: "^[^\(ECMAPatternTranslator.whitespace)]\\z", matches: ["\u{01}", "\u{85}"],
            misses: [" ", "\u{FEFF}"]),
        Case(
            pattern: "^[\\d\\s]+$", translation: "^[0-9\(ECMAPatternTranslator.whitespace)]+\\z", matches: ["1 2"],
            misses: ["١"]),
        Case(pattern: "^[\\D]$", translation: "^[[^0-9]]\\z", matches: ["x"], misses: ["5"]),
        Case(pattern: "^[\\w-.]+$", translation: "^[A-Za-z0-9_\\-.]+\\z", matches: ["a-b.c"], misses: ["a b"]),
        Case(
            pattern: "\\bé",
            translation: "[\\s\\S]*?(?:(?<=[A-Za-z0-9_])(?![A-Za-z0-9_])|(?<![A-Za-z0-9_])(?=[A-Za-z0-9_]))é[\\s\\S]*",
            matches: ["aé"], misses: [" é"]),
        Case(
            pattern: "^a\\Bb",
            translation: "^a(?:(?<=[A-Za-z0-9_])(?=[A-Za-z0-9_])|(?<![A-Za-z0-9_])(?![A-Za-z0-9_]))b[\\s\\S]*",
            matches: ["ab"], misses: ["a b"]),
        Case(
            pattern: "^.$", translation: "^\(ECMAPatternTranslator.dot)\\z", matches: ["a", "🐲", "\u{85}"],
            misses: ["\n", "\r", "\u{2028}"]),
        Case(pattern: "^\\t$", translation: "^\\t\\z", matches: ["\t"], misses: ["\\t"]),
        Case(pattern: "^\\cC$", translation: "^\\x{3}\\z", matches: ["\u{03}"], misses: ["\\cC"]),
        Case(pattern: "^\\cc$", translation: "^\\x{3}\\z", matches: ["\u{03}"], misses: ["c"]),
        Case(pattern: "^\\v\\0$", translation: "^\\x{B}\\x{0}\\z", matches: ["\u{0B}\u{0}"], misses: ["v0"]),
        Case(pattern: "^\\x41\\u0042\\u{43}$", translation: "^ABC\\z", matches: ["ABC"], misses: ["abc"]),
        Case(pattern: "^\\uD83D\\uDC32$", translation: "^🐲\\z", matches: ["🐲"], misses: ["\u{FFFD}"]),
        Case(pattern: "^🐲*$", translation: "^🐲*\\z", matches: ["", "🐲🐲"], misses: ["🐉"]),
        Case(pattern: "^[🐲]$", translation: "^[🐲]\\z", matches: ["🐲"], misses: ["🐲🐲"]),
        Case(pattern: "^\\p{Letter}+$", translation: "^\\p{gc=Letter}+\\z", matches: ["Hello", "π"], misses: ["123"]),
        Case(pattern: "^\\p{digit}+$", translation: "^\\p{gc=digit}+\\z", matches: ["42", "৪২"], misses: ["-%#"]),
        Case(pattern: "^\\P{Lu}$", translation: "^\\P{gc=Lu}\\z", matches: ["a"], misses: ["A"]),
        Case(pattern: "^\\p{Script=Greek}$", translation: "^\\p{sc=Greek}\\z", matches: ["π"], misses: ["p"]),
        Case(pattern: "^\\p{ASCII_Hex_Digit}$", translation: "^\\p{ASCII_Hex_Digit}\\z", matches: ["f"], misses: ["g"]),
        Case(
            pattern: "^(?<year>\\d{4})-(\\d{2})$", translation: "^([0-9]{4})-([0-9]{2})\\z", matches: ["2024-01"],
            misses: ["24-01"]),
        Case(pattern: "^(?:ab)+?$", translation: "^(?:ab)+?\\z", matches: ["abab"], misses: ["aba"]),
        Case(pattern: "^a(?=b)", translation: "^a(?=b)[\\s\\S]*", matches: ["ab"], misses: ["ac"]),
        Case(pattern: "(?<!\\$)\\d", translation: "[\\s\\S]*?(?<!\\$)[0-9][\\s\\S]*", matches: ["x1"], misses: ["$1"]),
        Case(pattern: "^[^]$", translation: "^[\\x{0}-\\x{10FFFF}]\\z", matches: ["\n"], misses: [""]),
        Case(pattern: "^[]$", translation: "^(?!)\\z", matches: [], misses: ["", "a"]),
        Case(pattern: "^a{2,3}}$", translation: "^a{2,3}\\}\\z", matches: ["aa}"], misses: ["a}"]),
        Case(pattern: "^x{a}$", translation: "^x\\{a\\}\\z", matches: ["x{a}"], misses: ["x"]),
        Case(pattern: "^\\/\\.#$", translation: "^/\\.\\x{23}\\z", matches: ["/.#"], misses: ["/a#"]),
        Case(pattern: "^[a\\-z&&]$", translation: "^[a\\-z\\&\\&]\\z", matches: ["-", "&"], misses: ["b"]),
        Case(pattern: "^[\\b]$", translation: "^[\\x{8}]\\z", matches: ["\u{08}"], misses: ["b"]),
        Case(pattern: "^\\p{L}", translation: "^\\p{gc=L}[\\s\\S]*", matches: ["éa"], misses: ["1a"]),
    ]

    @Test("Each construct is translated into ECMA-262's meaning", arguments: translated)
    func translates(_ example: Case) throws {
        let translation = try ECMAPatternTranslator.translate(example.pattern)
        #expect(translation == example.translation)
        for value in example.matches {
            #expect(PatternMatcher.match(value, pattern: translation) == .match, "\(value.debugDescription)")
        }
        for value in example.misses {
            #expect(PatternMatcher.match(value, pattern: translation) == .noMatch, "\(value.debugDescription)")
        }
    }

    static let refused: [(String, PatternRefusal)] = [
        ("(a)\\1", PatternRefusal(.backreference, "\\1")),
        ("(?<n>a)\\k<n>", PatternRefusal(.backreference, "\\k")),
        ("a++", PatternRefusal(.possessive, "++")),
        ("a{2}+", PatternRefusal(.possessive, "{2}+")),
        ("(?i)abc", PatternRefusal(.inlineGroup, "(?i")),
        ("(?i:abc)", PatternRefusal(.inlineGroup, "(?i")),
        ("(?>a)", PatternRefusal(.inlineGroup, "(?>")),
        ("(?#note)", PatternRefusal(.inlineGroup, "(?#")),
        ("(?P<n>a)", PatternRefusal(.inlineGroup, "(?P")),
        ("\\Aabc", PatternRefusal(.foreignAnchor, "\\A")),
        ("abc\\Z", PatternRefusal(.foreignAnchor, "\\Z")),
        ("abc\\z", PatternRefusal(.foreignAnchor, "\\z")),
        ("\\Qa.b\\E", PatternRefusal(.foreignEscape, "\\Q")),
        ("\\h", PatternRefusal(.foreignEscape, "\\h")),
        ("\\a", PatternRefusal(.foreignEscape, "\\a")),
        ("\\R", PatternRefusal(.foreignEscape, "\\R")),
        ("[[:alpha:]]", PatternRefusal(.posixClass, "[:alpha:]")),
        ("\\p{letter}", PatternRefusal(.unknownProperty, "\\p{letter}")),
        ("\\p{IsGreek}", PatternRefusal(.unknownProperty, "\\p{IsGreek}")),
        ("\\p{Script=greek}", PatternRefusal(.unknownProperty, "\\p{Script=greek}")),
        ("\\012", PatternRefusal(.octal, "\\01")),
        ("[\\1]", PatternRefusal(.octal, "\\1")),
        ("*a", PatternRefusal(.badQuantifier, "*")),
        ("^*", PatternRefusal(.badQuantifier, "*")),
        ("(?=a)*", PatternRefusal(.badQuantifier, "*")),
        ("[z-a]", PatternRefusal(.malformed, "z-a")),
        ("(ab", PatternRefusal(.malformed, "(a")),
        ("ab)", PatternRefusal(.malformed, ")")),
        ("[ab", PatternRefusal(.malformed, "[ab")),
        ("\\c1", PatternRefusal(.malformed, "\\c")),
        ("\\xZ1", PatternRefusal(.malformed, "\\x")),
        ("\\uD83D", PatternRefusal(.malformed, "\\uD83D")),
        ("(?<=a+)b", PatternRefusal(.unboundedLookbehind, "(?<=")),
    ]

    @Test("What ECMA-262 reads differently from Voz's matcher is refused, naming the construct", arguments: refused)
    func refuses(_ pattern: String, _ refusal: PatternRefusal) {
        #expect(throws: refusal) { try ECMAPatternTranslator.translate(pattern) }
    }

    @Test("A refusal's sentence names the construct and never dumps the whole pattern")
    func refusalSentence() {
        #expect(PatternRefusal(.possessive, "a++").description.hasPrefix("a++ is possessive"))
        #expect(PatternRefusal.Reason.allCases.count == 12)
    }
}

extension ECMAPatternTranslatorTests {
    /// Patterns as real descriptions write them (Django's username and slug, E.164, UUID, e-mail, ZIP+4).
    static let realWorld: [(String, [String], [String])] = [
        ("^[\\w.@+-]+$", ["ana.b+c@x-y"], ["ana b", "josé"]),
        ("^[-a-zA-Z0-9_]+$", ["a-b_c"], ["a b"]),
        ("^\\+?[1-9]\\d{1,14}$", ["+34600111222"], ["+0123", "+34 600"]),
        (
            "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
            ["123e4567-e89b-12d3-a456-426614174000"], ["123e4567"]
        ),
        ("^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$", ["ana@example.com"], ["ana@example"]),
        ("^\\d{5}(-\\d{4})?$", ["28001", "12345-6789"], ["1234", "12345-"]),
        ("^\\S+$", ["abc"], ["a b"]),
        ("[A-Z]", ["abC"], ["abc"]),
    ]

    @Test("Patterns real descriptions use translate and keep their meaning", arguments: realWorld)
    func realWorldPatterns(_ pattern: String, _ matches: [String], _ misses: [String]) throws {
        let translation = try ECMAPatternTranslator.translate(pattern)
        #expect(PatternMatcher.backtrackingRisk(in: translation) == nil)
        for value in matches { #expect(PatternMatcher.match(value, pattern: translation) == .match, "\(value)") }
        for value in misses { #expect(PatternMatcher.match(value, pattern: translation) == .noMatch, "\(value)") }
    }
}
