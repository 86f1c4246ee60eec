/// Escapes and character classes, each written with ECMA-262's meaning in ICU's syntax.
extension ECMAPatternTranslator {
    /// What one escape or class member stands for.
    enum Member {
        case scalar(Unicode.Scalar)
        /// A set, as it is written inside ICU brackets (`0-9`, `\p{gc=L}`, `[^0-9]`).
        case set(String)
    }

    // MARK: - Outside classes

    /// An escape outside a class, and whether a quantifier may follow it.
    mutating func atomEscape() throws(PatternRefusal) -> (String, Bool) {
        guard let letter = peek(1) else { throw PatternRefusal(.malformed, "\\") }
        switch letter {
        case "b", "B":
            index += 2
            // ECMA-262's word boundary knows only ASCII word characters; ICU's knows all of Unicode's.
            let before = "(?<=[\(Self.word)])"
            let notBefore = "(?<![\(Self.word)])"
            let after = "(?=[\(Self.word)])"
            let notAfter = "(?![\(Self.word)])"
            let boundary =
                letter == "b"
                ? "(?:\(before)\(notAfter)|\(notBefore)\(after))" : "(?:\(before)\(after)|\(notBefore)\(notAfter))"
            return (boundary, false)
        case "k":
            throw PatternRefusal(.backreference, written(from: index, count: 2))
        case "1"..."9":
            throw PatternRefusal(.backreference, written(from: index, count: 2))
        default:
            switch try member(inClass: false) {
            case .scalar(let scalar): return (Self.literal(scalar, inClass: false), true)
            case .set(let set):
                return (
                    set.hasPrefix("[") || set.hasPrefix("\\p") || set.hasPrefix("\\P") ? set : "[" + set + "]", true
                )
            }
        }
    }

    // MARK: - Classes

    /// A class from its `[` to its `]`.
    mutating func characterClass() throws(PatternRefusal) -> String {
        let start = index
        index += 1
        let negated = peek(0) == "^"
        if negated { index += 1 }
        if peek(0) == "]" {
            index += 1
            // `[]` matches nothing and `[^]` anything, in ECMA-262; ICU has neither.
            return negated ? "[\\x{0}-\\x{10FFFF}]" : "(?!)"
        }
        var members = ""
        while true {
            guard let scalar = peek(0) else { throw PatternRefusal(.malformed, written(from: start, count: 8)) }
            if scalar == "]" {
                index += 1
                break
            }
            let first = try classAtom()
            if peek(0) == "-", let after = peek(1), after != "]" {
                index += 1
                let second = try classAtom()
                if case .scalar(let low) = first, case .scalar(let high) = second {
                    guard low.value <= high.value else {
                        throw PatternRefusal(.malformed, String(low) + "-" + String(high))
                    }
                    members += Self.literal(low, inClass: true) + "-" + Self.literal(high, inClass: true)
                    continue
                }
                // A range with a set at one end is a literal hyphen (`[\w-.]`), as browsers read it without `u`.
                members += Self.classText(first) + "\\-" + Self.classText(second)
                continue
            }
            members += Self.classText(first)
        }
        return "[" + (negated ? "^" : "") + members + "]"
    }

    /// One member of a class: a character, or a set written by an escape.
    private mutating func classAtom() throws(PatternRefusal) -> Member {
        guard let scalar = peek(0) else { throw PatternRefusal(.malformed, "[") }
        if scalar == "[", let next = peek(1), next == ":" || next == "=" || next == "." {
            var end = index + 2
            while end < scalars.count, scalars[end] != "]" { end += 1 }
            throw PatternRefusal(.posixClass, written(from: index, count: end - index + 1))
        }
        guard scalar == "\\" else {
            index += 1
            return .scalar(scalar)
        }
        switch peek(1) {
        case "b":
            index += 2
            return .scalar("\u{08}")
        case "-":
            index += 2
            return .scalar("-")
        case let digit? where ("1"..."9").contains(digit):
            throw PatternRefusal(.octal, written(from: index, count: 2))
        default:
            return try member(inClass: true)
        }
    }

    static func classText(_ member: Member) -> String {
        switch member {
        case .scalar(let scalar): return literal(scalar, inClass: true)
        case .set(let set): return set
        }
    }

    // MARK: - Escapes everywhere

    /// The escape at the index (a backslash and what follows) as a character or a set.
    private mutating func member(inClass: Bool) throws(PatternRefusal) -> Member {
        let start = index
        guard let letter = peek(1) else { throw PatternRefusal(.malformed, "\\") }
        index += 2
        switch letter {
        case "d": return .set("0-9")
        case "D": return .set("[^0-9]")
        case "w": return .set(Self.word)
        case "W": return .set("[^\(Self.word)]")
        case "s": return .set(Self.whitespace)
        case "S": return .set("[^\(Self.whitespace)]")
        case "t": return .scalar("\t")
        case "n": return .scalar("\n")
        case "v": return .scalar("\u{0B}")
        case "f": return .scalar("\u{0C}")
        case "r": return .scalar("\r")
        case "0":
            if let next = peek(0), ("0"..."9").contains(next) {
                throw PatternRefusal(.octal, written(from: start, count: 3))
            }
            return .scalar("\u{0}")
        case "c":
            guard let control = peek(0), control.isASCII, control.properties.isAlphabetic else {
                throw PatternRefusal(.malformed, "\\c")
            }
            index += 1
            return .scalar(Unicode.Scalar(UInt8(control.value % 32)))
        case "x":
            guard let value = hexDigits(count: 2) else { throw PatternRefusal(.malformed, "\\x") }
            return .scalar(value)
        case "u":
            return .scalar(try unicodeEscape(start: start))
        case "p", "P":
            return .set(try property(negated: letter == "P", start: start))
        case "A", "Z", "z", "G":
            throw PatternRefusal(.foreignAnchor, "\\" + String(letter))
        case "Q", "E":
            throw PatternRefusal(.foreignEscape, "\\" + String(letter))
        default:
            // Escaped punctuation is the character itself; an escaped letter or digit ECMA-262 does not define is
            // an error with the u flag, and other dialects give it a meaning (`\h`, `\a`, `\R`).
            guard letter.isASCII, letter.properties.isAlphabetic || ("0"..."9").contains(letter) else {
                return .scalar(letter)
            }
            throw PatternRefusal(.foreignEscape, "\\" + String(letter))
        }
    }

    /// `\uHHHH` (a surrogate pair written as two such escapes is one character) or `\u{H…}`.
    private mutating func unicodeEscape(start: Int) throws(PatternRefusal) -> Unicode.Scalar {
        if peek(0) == "{" {
            var end = index + 1
            var value: UInt32 = 0
            while end < scalars.count, scalars[end] != "}" {
                guard let digit = Self.hexValue(scalars[end]), value <= 0x10FFFF else {
                    throw PatternRefusal(.malformed, written(from: start, count: end - start + 1))
                }
                value = value * 16 + digit
                end += 1
            }
            guard end < scalars.count, end > index + 1, let scalar = Unicode.Scalar(value) else {
                throw PatternRefusal(.malformed, written(from: start, count: end - start + 1))
            }
            index = end + 1
            return scalar
        }
        guard let high = hexValue(count: 4) else { throw PatternRefusal(.malformed, "\\u") }
        if let scalar = Unicode.Scalar(high) { return scalar }
        // A high surrogate followed by `\u` and a low one is one character outside the BMP.
        if (0xD800...0xDBFF).contains(high), peek(0) == "\\", peek(1) == "u" {
            let saved = index
            index += 2
            if let low = hexValue(count: 4), (0xDC00...0xDFFF).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            {
                return scalar
            }
            index = saved
        }
        throw PatternRefusal(.malformed, written(from: start, count: 6))
    }

    private mutating func hexDigits(count: Int) -> Unicode.Scalar? {
        hexValue(count: count).flatMap(Unicode.Scalar.init)
    }

    private mutating func hexValue(count: Int) -> UInt32? {
        var value: UInt32 = 0
        for offset in 0..<count {
            guard let scalar = peek(offset), let digit = Self.hexValue(scalar) else { return nil }
            value = value * 16 + digit
        }
        index += count
        return value
    }

    static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": return scalar.value - 48
        case "a"..."f": return scalar.value - 87
        case "A"..."F": return scalar.value - 55
        default: return nil
        }
    }

    // MARK: - Writing

    /// A character as ICU reads it literally: its own metacharacters escaped, invisible ones by number.
    static func literal(_ scalar: Unicode.Scalar, inClass: Bool) -> String {
        let special: Set<Unicode.Scalar> =
            inClass
            ? ["\\", "[", "]", "^", "-", "&", "$"]
            : ["\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}"]
        if special.contains(scalar) { return "\\" + String(scalar) }
        let named: [Unicode.Scalar: String] = ["\t": "\\t", "\n": "\\n", "\r": "\\r"]
        if let name = named[scalar] { return name }
        let category = scalar.properties.generalCategory
        let invisible: Set<Unicode.GeneralCategory> = [
            .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned,
        ]
        if invisible.contains(category) || (scalar.properties.isWhitespace && scalar != " ") || scalar == "#" {
            return "\\x{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
        return String(scalar)
    }
}
