import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization

@Suite struct PatternMatcherTests {
    @Test(arguments: [
        "(a+)+", "(a*)*", "(a|a)*", "(a|ab)+", "(\\w|\\d)+", "^(\\w+\\s?)*$", "(?:x+y?)+", "(.*a){12}", "([a-z]+)*",
        "(a|)+",
    ])
    func catastrophicShapesAreFlagged(pattern: String) {
        #expect(PatternMatcher.backtrackingRisk(in: pattern) != nil)
    }

    @Test(arguments: [
        "[A-Za-z0-9]{4,12}", "\\d{5}", "(\\d{3}-)+\\d{4}", "(a|b)*", "[^@\\s]+@[^@\\s]+\\.[^@\\s]+", "(?i)[a-z]+",
        "(?>a+)+", "(a+)++", "(\\d|\\s)+", "(?=.*\\d).{8,}", "[(a+)+]",
    ])
    func ordinaryPatternsPass(pattern: String) {
        #expect(PatternMatcher.backtrackingRisk(in: pattern) == nil)
    }

    @Test func matchesWholeValues() {
        #expect(PatternMatcher.match("ABC1", pattern: "[A-Z0-9]{4}") == .match)
        #expect(PatternMatcher.match("ABC12", pattern: "[A-Z0-9]{4}") == .noMatch)
        #expect(PatternMatcher.match("ab", pattern: "a|ab") == .match)
        #expect(PatternMatcher.match("x", pattern: "[") == .invalidPattern)
    }

    @Test func aRunawayMatchIsStoppedInTime() {
        let started = Date()
        let outcome = PatternMatcher.match(String(repeating: "a", count: 40) + "!", pattern: "(a+)+", timeLimit: 0.1)
        #expect(outcome == .timedOut)
        #expect(Date().timeIntervalSince(started) < 2)
    }

    @Test func aRunawayAnswerIsRefusedWithASentence() {
        // Built by hand: the form file decoder would refuse this pattern.
        let field = Field(id: "code", label: "Código", rules: FieldRules(pattern: "(a+)+"))
        let validator = FieldValidator(localizer: Localizer(language: .es))
        #expect(throws: ValidationError.self) {
            try validator.parse(String(repeating: "a", count: 40) + "!", for: field)
        }
        do {
            _ = try validator.parse(String(repeating: "a", count: 40) + "!", for: field)
        } catch {
            #expect(error.reason == .patternTimedOut)
            #expect(error.message == "Código: no se pudo comprobar a tiempo. Escríbelo más corto.")
        }
    }
}
