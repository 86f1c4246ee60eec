/// Why a JSON Schema `pattern` cannot be run by Voz's matcher with the meaning ECMA-262 gives it.
///
/// Each case names a construct; `construct` is the part of the pattern as written, so the sentence can point at
/// it. The pattern is then left to the server: Voz never checks a value with a pattern that would match
/// differently.
public struct PatternRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of construct stops the translation.
    public enum Reason: String, Sendable, Equatable, CaseIterable {
        /// `\1`, `\k<name>`: ECMA-262 matches an unset group as empty, Voz's matcher fails it.
        case backreference
        /// `a++`, `a*+`: possessive in ICU, an error in ECMA-262.
        case possessive
        /// `(?i)`, `(?i:…)`, `(?>…)`, `(?#…)`, `(?P<n>…)`: groups ECMA-262 does not have.
        case inlineGroup
        /// `\A`, `\Z`, `\z`, `\G`: anchors of other dialects.
        case foreignAnchor
        /// `\Q…\E`, `\h`, `\R`, `\X`, `\a`, `\e`, … : escapes ECMA-262 does not have.
        case foreignEscape
        /// `[[:alpha:]]`: a POSIX class, which ECMA-262 reads as a set of characters.
        case posixClass
        /// `\p{…}` with a name ECMA-262 does not define.
        case unknownProperty
        /// `\012`, `[\1]`: octal escapes, an error with the u flag.
        case octal
        /// A quantifier with nothing before it, on an assertion, or with its bounds out of order.
        case badQuantifier
        /// A `[z-a]` range, a lone surrogate, an unclosed group or class, a `\c`, `\x` or `\u` not followed by
        /// what it needs.
        case malformed
        /// A look-behind of unbounded length, which Voz's matcher cannot run.
        case unboundedLookbehind
        /// Liable to take exponential time on some answers.
        case backtracking
    }

    /// What kind of construct it is.
    public var reason: Reason
    /// The construct as written in the pattern.
    public var construct: String

    /// A refusal of `construct`, as written in the pattern, for `reason`.
    public init(_ reason: Reason, _ construct: String) {
        self.reason = reason
        self.construct = construct
    }

    /// A short phrase for the technical log and the author's notes (English, like every `voz form` note).
    public var description: String {
        switch reason {
        case .backreference: return "\(construct) refers back to a group, which Voz's matcher reads differently"
        case .possessive: return "\(construct) is possessive in other dialects and an error in ECMA-262"
        case .inlineGroup: return "\(construct) opens a group ECMA-262 does not have"
        case .foreignAnchor: return "\(construct) is an anchor ECMA-262 does not have; write ^ or $"
        case .foreignEscape: return "\(construct) is an escape ECMA-262 does not have"
        case .posixClass: return "\(construct) is a POSIX class, which ECMA-262 reads as separate characters"
        case .unknownProperty: return "\(construct) names a Unicode property ECMA-262 does not define"
        case .octal: return "\(construct) is an octal escape, an error in ECMA-262"
        case .badQuantifier: return "\(construct) repeats nothing that can repeat"
        case .malformed: return "\(construct) is not valid ECMA-262"
        case .unboundedLookbehind: return "\(construct) looks behind by a length Voz's matcher cannot bound"
        case .backtracking: return "it is liable to catastrophic backtracking: \(construct)"
        }
    }
}
