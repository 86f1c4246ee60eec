import Foundation

/// Finds technical text a listener cannot act on: status codes, exception and domain names, URLs, JSON or
/// HTML fragments, stack traces and identifiers such as UUIDs.
enum TechnicalText {
    /// What kind of technical text a line holds; the raw value names its catalog phrase.
    enum Kind: String, Sendable, CaseIterable {
        case statusCode
        case exception
        case url
        case domain
        case json
        case html
        case stackTrace
        case identifier
    }

    /// The first kind of technical text found in `text`, checking the most telling kinds first.
    static func find(in text: String) -> Kind? {
        // A transcript has tens of thousands of lines and almost none is technical: a byte scan rules most kinds
        // out, so the regular expressions run only where they might match.
        let clues = TechnicalTextClues(text)
        let range = NSRange(text.startIndex..., in: text)
        for (kind, expression) in expressions where clues.mayHold(kind) {
            if expression.regex.firstMatch(in: text, range: range) != nil { return kind }
        }
        return nil
    }

    // MARK: - Patterns

    /// Every kind's patterns as one alternation, compiled once: compiling is what costs (case-insensitive sets
    /// are closed over case for every compile), matching is cheap.
    private static let expressions: [(Kind, CompiledExpression)] = Kind.allCases.compactMap { kind in
        let alternation = patterns(for: kind).map { "(?:\($0))" }.joined(separator: "|")
        // The patterns are literals below; one that failed to compile would be a bug the tests catch (that kind
        // would never be found).
        guard
            let regex = try? NSRegularExpression(
                pattern: alternation, options: kind == .exception ? [] : [.caseInsensitive])
        else { return nil }
        return (kind, CompiledExpression(regex: regex))
    }

    /// The patterns of `kind`, as written; internal so the tests can match them one by one, unoptimized.
    static func patterns(for kind: Kind) -> [String] {
        switch kind {
        case .statusCode:
            return [
                #"\bHTTPS?(?:/\d(?:\.\d)?)?\s*[1-5]\d\d\b"#,
                #"\b(?:"# + AuditWords.alternation("audit.words.technical") + #"|err)\s*[:#=]?\s*[1-5]\d\d\b"#,
            ]
        case .exception:
            return [
                #"\b[A-Za-z_]*[A-Za-z](?:Exception|Error)\b"#,
                #"\b\w*ErrorDomain\b"#, #"\bDomain="#, #"\bCode=-?\d+"#,
                #"\b(?:ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|EPIPE|errno)\b"#,
            ]
        case .url:
            return [#"\b(?:https?|ftp|file|wss?)://\S+"#, #"\bwww\.[^\s.]+\.\S+"#]
        case .domain:
            // A domain given as an example ("as in example.com", "como en ejemplo.com") is advice a listener acts
            // on, not a host the server leaked. Being a name reserved for examples does not say which: a server
            // that reports "api.example.com does not answer" has leaked its host, whatever the host is called.
            let example = "(?<!(?:" + AuditWords.alternation("audit.words.example") + #")\s{1,2})"#
            return [
                #"(?<![@\w.-])"# + example
                    + #"(?:[a-z0-9-]+\.)+(?:com|net|org|io|dev|app|local|internal|cloud|es|eu|fr|de|it|br|pt)\b(?![@\w])"#,
                #"\blocalhost\b"#, #"\b\d{1,3}(?:\.\d{1,3}){3}\b"#,
            ]
        case .json:
            return [#"\{\s*"[^"]*"\s*:"#, #"\[\s*\{"#, #""\w+"\s*:\s*["\[{\d]"#]
        case .html:
            return [#"<\s*/?\s*(?:html|head|body|div|p|span|h[1-6]|title|pre|br|!doctype)\b"#, #"</\w+\s*>"#]
        case .stackTrace:
            return [
                #"\bat\s+[\w$.<>]+\([\w.]*:\d+\)"#, #"Traceback \(most recent call last\)"#,
                #"File "[^"]+", line \d+"#, #"\b0x[0-9a-fA-F]{6,}\b"#, #"\.(?:swift|java|py|js|ts|rb|go):\d+"#,
            ]
        case .identifier:
            return [
                #"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"#,
                #"\b[0-9a-f]{24,}\b"#,
            ]
        }
    }
}

/// A compiled expression shared by every audit.
///
/// `NSRegularExpression` is immutable once made and documented as safe to match from several threads at once;
/// only the type is not marked `Sendable` in corelibs Foundation.
struct CompiledExpression: @unchecked Sendable {
    let regex: NSRegularExpression
}
