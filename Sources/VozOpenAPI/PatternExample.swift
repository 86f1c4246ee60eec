import VozForm

/// An example value made from an ECMA-262 `pattern`, so a pattern the description never explains is still said
/// before input ("Write it like AB1234.") instead of "it is not in the format asked for".
///
/// Only plain patterns are read: literal characters, escapes, classes, groups and quantifiers; the first
/// alternative of `|`. Whatever comes out is checked against the pattern Voz will match (the translated one), so
/// an example is never one the form would refuse; nil when none is made.
enum PatternExample {
    /// An example matching `translated` (Voz's ICU pattern) made from `pattern` (the description's), or nil.
    static func make(_ pattern: String, translated: String) -> String? {
        var reader = Reader(characters: Array(pattern))
        guard let example = reader.sequence(), reader.index == reader.characters.count, !example.isEmpty,
            example.count <= 64, !BlankText.isBlank(example),
            PatternMatcher.match(example, pattern: translated) == .match
        else { return nil }
        return example
    }

    private struct Reader {
        let characters: [Character]
        var index = 0

        /// A sequence up to `)` or the end; the first alternative of a `|`, the others skipped.
        mutating func sequence() -> String? {
            var result = ""
            while index < characters.count, characters[index] != ")" {
                if characters[index] == "|" {
                    index += 1
                    guard skipAlternative() else { return nil }
                    continue
                }
                guard let atom = atom(), let count = quantifier() else { return nil }
                for repetition in 0..<count {
                    switch atom {
                    case .anchor: break
                    case .choice(let allowed): result.append(allowed[repetition % allowed.count])
                    case .text(let text): result += text
                    }
                }
            }
            return result
        }

        /// Skips an alternative already decided against, up to the `)` that closes its group.
        mutating func skipAlternative() -> Bool {
            var depth = 0
            while index < characters.count {
                let character = characters[index]
                if character == "\\" {
                    index += 2
                    continue
                }
                if character == "(" { depth += 1 }
                if character == ")" {
                    if depth == 0 { return true }
                    depth -= 1
                }
                index += 1
            }
            return true
        }

        /// What one atom of a pattern stands for.
        enum Atom {
            case anchor
            /// One character among these.
            case choice([Character])
            /// A group's example, repeated as a whole.
            case text(String)
        }

        /// One atom: an anchor, a class's or a literal's characters, or a group's example.
        mutating func atom() -> Atom? {
            let character = characters[index]
            index += 1
            switch character {
            case "^", "$": return .anchor
            case "\\":
                guard index < characters.count else { return nil }
                let escaped = characters[index]
                index += 1
                if escaped == "d" { return .choice(Array("1234567890")) }
                if escaped == "w" { return .choice(Array("abcdefgh")) }
                return escaped.isLetter || escaped.isNumber ? nil : .choice([escaped])
            case "[": return characterClass().map(Atom.choice)
            case "(":
                if index + 1 < characters.count, characters[index] == "?" {
                    guard characters[index + 1] == ":" else { return nil }
                    index += 2
                }
                guard let inner = sequence(), index < characters.count, characters[index] == ")" else { return nil }
                index += 1
                return .text(inner)
            case ".": return .choice(Array("abc"))
            case "*", "+", "?", "{", "}", "]", "|": return nil
            default: return .choice([character])
            }
        }

        /// A `[…]` class's members, ranges expanded up to a few each; nil for a negated class.
        mutating func characterClass() -> [Character]? {
            guard index < characters.count, characters[index] != "^" else { return nil }
            var members: [Character] = []
            while index < characters.count, characters[index] != "]" {
                var first = characters[index]
                index += 1
                if first == "\\" {
                    guard index < characters.count else { return nil }
                    let escaped = characters[index]
                    index += 1
                    if escaped == "d" {
                        members += Array("1234567890")
                        continue
                    }
                    guard !escaped.isLetter, !escaped.isNumber else { return nil }
                    first = escaped
                }
                if index + 1 < characters.count, characters[index] == "-", characters[index + 1] != "]",
                    let low = first.unicodeScalars.first?.value,
                    let high = characters[index + 1].unicodeScalars.first?.value, low <= high
                {
                    index += 2
                    members += (low...min(high, low + 9)).compactMap { Unicode.Scalar($0).map(Character.init) }
                } else {
                    members.append(first)
                }
            }
            guard index < characters.count, !members.isEmpty else { return nil }
            index += 1
            // Digits before letters: "1234" reads better than "ABCD" where both are allowed; and "123", not "012".
            let digits = members.filter(\.isNumber)
            let ordered = digits.filter { $0 != "0" } + digits.filter { $0 == "0" }
            return digits.isEmpty ? members : ordered
        }

        /// How many times the atom before is written, the fewest the pattern takes: `{n}`, `{n,m}` and `{n,}`
        /// give n (at least 1, so a digit is shown), `+` 1, `?` and `*` none; nil for a quantifier it cannot read.
        mutating func quantifier() -> Int? {
            guard index < characters.count else { return 1 }
            switch characters[index] {
            case "+", "*", "?":
                let quantifier = characters[index]
                index += 1
                if index < characters.count, characters[index] == "?" { index += 1 }
                return quantifier == "+" ? 1 : 0
            case "{":
                guard let close = characters[index...].firstIndex(of: "}") else { return nil }
                let body = String(characters[(index + 1)..<close])
                index = close + 1
                guard let low = Int(body.split(separator: ",", omittingEmptySubsequences: false).first ?? "")
                else { return nil }
                return min(max(low, 1), 32)
            default: return 1
            }
        }
    }
}
