import Foundation

/// Matches a field's `rules.pattern` against a whole value, within a time limit, and spots patterns that are
/// liable to backtrack catastrophically before they are ever run.
///
/// A pattern such as `(a+)+$` takes exponential time on an answer like `aaaa…b`; a form author rarely means it,
/// and a user must never be left in silence while it runs. The form file is refused when the shape is spotted,
/// and every match is bounded in time anyway for the shapes the check cannot see.
public enum PatternMatcher {
    /// How matching a value went.
    public enum Outcome: Sendable, Equatable {
        /// The whole value matches.
        case match
        /// The value does not match.
        case noMatch
        /// The match took longer than the limit and was stopped.
        case timedOut
        /// The pattern does not compile.
        case invalidPattern
    }

    /// The longest a single match may run, in seconds.
    public static let defaultTimeLimit = 0.25

    /// The pattern compiled to match a whole value, as HTML's `pattern` attribute does.
    public static func compile(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: "\\A(?:" + pattern + ")\\z")
    }

    /// Whether `value` matches `pattern` as a whole, giving up after `timeLimit` seconds.
    public static func match(
        _ value: String, pattern: String, timeLimit: Double = defaultTimeLimit
    ) -> Outcome {
        guard let regex = compile(pattern) else { return .invalidPattern }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeLimit) * 1_000_000_000)
        var outcome = Outcome.noMatch
        // `.reportProgress` makes the engine call back while it works, which is the only way to stop it.
        regex.enumerateMatches(in: value, options: [.reportProgress], range: NSRange(value.startIndex..., in: value)) {
            result, _, stop in
            if result != nil {
                outcome = .match
                stop.pointee = true
            } else if DispatchTime.now().uptimeNanoseconds > deadline {
                outcome = .timedOut
                stop.pointee = true
            }
        }
        return outcome
    }

    /// Why `pattern` is liable to catastrophic backtracking, as a short phrase, or nil when it looks safe.
    ///
    /// It flags the two classic shapes: a repeated group that contains something that itself repeats without
    /// bound (`(a+)+`, `(a*)*`, `(\w+\s?)*`), and a repeated group whose alternatives can match the same text
    /// (`(a|a)*`, `(a|ab)+`, `(\w|\d)+`). Possessive quantifiers and atomic groups are left alone: they do
    /// not backtrack.
    public static func backtrackingRisk(in pattern: String) -> String? {
        var scanner = PatternScanner(Array(pattern.unicodeScalars))
        return scanner.scan()
    }
}
