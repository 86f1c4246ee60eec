import VozForm

/// Translates a JSON Schema `pattern`, written in the ECMA-262 dialect, into the ICU dialect of Voz's matcher
/// (`PatternMatcher`), so that a value Voz accepts locally is one the schema accepts (docs/openapi.md has the table).
///
/// The pattern is read as ECMA-262 with the `u` flag, as JSON Schema's own test suite reads it: `\p{…}` works and
/// a character outside the Basic Multilingual Plane is one character. Where ECMA-262 and ICU mean different
/// things by the same text (`\d`, `\w`, `\s`, `\b`, `.` and `$`), the translation spells ECMA-262's meaning out;
/// where no exact translation exists, the pattern is refused with the construct that stops it.
///
/// A JSON Schema pattern is not anchored: it matches when it matches anywhere in the value. Voz's matcher matches
/// the whole value, so the translation is wrapped to search, unless it is already anchored at both ends.
public struct ECMAPatternTranslator {
    /// ECMA-262's `\s`: WhiteSpace and LineTerminator, the Space_Separator characters listed one by one.
    static let whitespace =
        "\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}"
    /// ECMA-262's word characters, for `\w` and `\b`: ASCII only.
    static let word = "A-Za-z0-9_"
    /// ECMA-262's `.` without the `s` flag: anything but the four line terminators (ICU's also excludes others).
    static let dot = "[^\\n\\r\\x{2028}\\x{2029}]"

    let scalars: [Unicode.Scalar]
    var index = 0
    var depth = 0
    var hasTopLevelAlternative = false
    var hasLookbehind = false
    /// What the last top-level item was, to tell whether the pattern ends anchored.
    var endsWithDollar = false

    init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    /// The pattern in Voz's dialect, matching a whole value exactly when the ECMA-262 pattern matches some part of
    /// it; a refusal naming the construct otherwise.
    public static func translate(_ pattern: String) throws(PatternRefusal) -> String {
        var translator = ECMAPatternTranslator(pattern)
        let body = try translator.disjunction()
        if translator.index < translator.scalars.count {
            throw PatternRefusal(.malformed, ")")
        }
        let anchoredStart = !translator.hasTopLevelAlternative && translator.scalars.first == "^"
        let anchoredEnd = !translator.hasTopLevelAlternative && translator.endsWithDollar
        var result = body
        if !anchoredStart || !anchoredEnd {
            if translator.hasTopLevelAlternative { result = "(?:" + result + ")" }
            if !anchoredStart { result = "[\\s\\S]*?" + result }
            if !anchoredEnd { result += "[\\s\\S]*" }
        }
        guard PatternMatcher.compile(result) != nil else {
            if translator.hasLookbehind { throw PatternRefusal(.unboundedLookbehind, "(?<=") }
            throw PatternRefusal(.malformed, pattern)
        }
        return result
    }

    // MARK: - Structure

    /// Alternatives up to the end of the pattern or of the enclosing group.
    mutating func disjunction() throws(PatternRefusal) -> String {
        var output = ""
        /// Whether the last thing written can take a quantifier.
        var repeatable = false
        while index < scalars.count {
            let scalar = scalars[index]
            if depth == 0 { endsWithDollar = false }
            switch scalar {
            case ")":
                guard depth > 0 else { throw PatternRefusal(.malformed, ")") }
                return output
            case "|":
                index += 1
                output += "|"
                if depth == 0 { hasTopLevelAlternative = true }
                repeatable = false
            case "*", "+", "?":
                output += try quantifier(repeatable: repeatable, written: String(scalar))
                repeatable = false
            case "{":
                if let bounds = countedBounds() {
                    output += try quantifier(repeatable: repeatable, written: bounds)
                    repeatable = false
                } else {
                    index += 1
                    output += "\\{"
                    repeatable = true
                }
            case "^":
                index += 1
                output += "^"
                repeatable = false
            case "$":
                index += 1
                output += "\\z"
                repeatable = false
                if depth == 0 { endsWithDollar = true }
            case "(":
                let (group, canRepeat) = try group()
                output += group
                repeatable = canRepeat
            case "[":
                output += try characterClass()
                repeatable = true
            case ".":
                index += 1
                output += Self.dot
                repeatable = true
            case "\\":
                let (escape, canRepeat) = try atomEscape()
                output += escape
                repeatable = canRepeat
            default:
                index += 1
                output += Self.literal(scalar, inClass: false)
                repeatable = true
            }
        }
        return output
    }

    /// A group from its `(` to its `)`, and whether a quantifier may follow it.
    mutating func group() throws(PatternRefusal) -> (String, Bool) {
        let start = index
        index += 1
        var opening = "("
        var repeatable = true
        if peek(0) == "?" {
            let next = peek(1)
            let afterNext = peek(2)
            if next == ":" {
                opening = "(?:"
                index += 2
            } else if next == "=" || next == "!" {
                opening = "(?" + String(next ?? "=")
                index += 2
                repeatable = false
            } else if next == "<", afterNext == "=" || afterNext == "!" {
                opening = "(?<" + String(afterNext ?? "=")
                index += 3
                repeatable = false
                hasLookbehind = true
            } else if next == "<", let name = groupName() {
                // The name matters only to back-references, which are refused; the group still captures.
                _ = name
            } else {
                throw PatternRefusal(.inlineGroup, written(from: start, count: 3))
            }
        }
        depth += 1
        let body = try disjunction()
        depth -= 1
        guard peek(0) == ")" else { throw PatternRefusal(.malformed, written(from: start, count: 2)) }
        index += 1
        return (opening + body + ")", repeatable)
    }

    /// Reads `?<name>` after a `(`, or nil (leaving the index) when it is not one.
    private mutating func groupName() -> String? {
        var probe = index + 2
        var name = ""
        while probe < scalars.count, scalars[probe] != ">" {
            let scalar = scalars[probe]
            guard scalar.properties.isIDContinue || scalar == "$" else { return nil }
            name.unicodeScalars.append(scalar)
            probe += 1
        }
        guard probe < scalars.count, !name.isEmpty else { return nil }
        index = probe + 1
        return name
    }

    // MARK: - Quantifiers

    /// A quantifier already read as `written` (`*`, `+`, `?` or `{n,m}`), with a lazy `?` after it if any.
    private mutating func quantifier(repeatable: Bool, written: String) throws(PatternRefusal) -> String {
        if written.count == 1 { index += 1 }
        guard repeatable else { throw PatternRefusal(.badQuantifier, written) }
        if peek(0) == "?" {
            index += 1
            return written + "?"
        }
        if peek(0) == "+" { throw PatternRefusal(.possessive, written + "+") }
        return written
    }

    /// Reads `{n}`, `{n,}` or `{n,m}` at the index, or nil (leaving the index) when the brace is a literal.
    private mutating func countedBounds() -> String? {
        var probe = index + 1
        var text = "{"
        var numbers = [""]
        while probe < scalars.count, scalars[probe] != "}" {
            let scalar = scalars[probe]
            if scalar == ",", numbers.count == 1 {
                numbers.append("")
            } else if ("0"..."9").contains(scalar) {
                numbers[numbers.count - 1].unicodeScalars.append(scalar)
            } else {
                return nil
            }
            text.unicodeScalars.append(scalar)
            probe += 1
        }
        guard probe < scalars.count, !numbers[0].isEmpty else { return nil }
        index = probe + 1
        return text + "}"
    }

    // MARK: - Reading

    func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    func written(from start: Int, count: Int) -> String {
        var text = ""
        for scalar in scalars[start..<min(scalars.count, start + count)] { text.unicodeScalars.append(scalar) }
        return text
    }
}
