// MARK: - Strings

extension JSONCursor {
    /// A string, the cursor on its opening quote. Most strings have no escape: their bytes are the text, checked
    /// as UTF-8 on the way and turned into a `String` at once.
    mutating func string() throws(JSONParseError) -> String {
        try stringBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Hands the UTF-8 bytes of a string, escapes resolved, to `body`: the input's own bytes when the string has
    /// no escape, a copy otherwise. The cursor is on the opening quote. The bytes were checked as UTF-8 and
    /// escapes add whole scalars, so they are always valid UTF-8.
    mutating func stringBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) throws(JSONParseError) -> T {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return body(UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]))
            }
            if byte == UInt8(ascii: "\\") { break }
            try plainByte(byte)
        }
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return utf8.withUnsafeBufferPointer(body)
            case UInt8(ascii: "\\"):
                index += 1
                UTF8.encode(try escape()) { utf8.append($0) }
            default:
                let before = index
                try plainByte(byte)
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[before..<index]))
            }
        }
        throw syntax("a string is not closed; add the closing double quote")
    }

    /// Steps over one character of a string that is not a quote or an escape, refusing raw control characters
    /// and malformed UTF-8.
    private mutating func plainByte(_ byte: UInt8) throws(JSONParseError) {
        if byte >= 0x20, byte < 0x80 {
            index += 1
            return
        }
        if byte == 0x0A {
            throw syntax(
                "a string is not closed on its line; add the closing double quote, or write a line break as \\n")
        }
        if byte < 0x20 {
            throw syntax("a control character inside a string must be written as an escape, like \\t")
        }
        lineHasNonASCII = true
        guard let length = UTF8Sequence.length(in: bytes, at: index) else {
            throw .invalidUTF8(line: line, column: column(at: index))
        }
        index += length
    }

    /// Reads one escape after the backslash, pairing UTF-16 surrogates into one scalar.
    private mutating func escape() throws(JSONParseError) -> Unicode.Scalar {
        guard let byte = current else { throw syntax("a string is not closed; add the closing double quote") }
        index += 1
        if let scalar = JSONEscape.single(byte) { return scalar }
        guard byte == UInt8(ascii: "u") else {
            let shown =
                byte >= 0x21 && byte < 0x7F ? "\\\(Character(Unicode.Scalar(byte)))" : "\\ and a control character"
            throw syntax("\(QuotedText.quote(shown)) is not a JSON escape")
        }
        let first = try hex4()
        if (0xDC00...0xDFFF).contains(first) { return try unpaired(first) }
        if (0xD800...0xDBFF).contains(first) {
            guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return try unpaired(first) }
            let save = index
            index += 2
            let second = try hex4()
            guard let scalar = JSONEscape.pair(high: first, low: second) else {
                // The second escape is a character of its own; only the first half is lone.
                index = save
                return try unpaired(first)
            }
            return scalar
        }
        return Unicode.Scalar(first) ?? "\u{FFFD}"
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = JSONEscape.hexValue(byte) else {
                throw syntax("a \\u escape needs exactly four hexadecimal digits")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    /// U+FFFD for half a surrogate pair when that is allowed; an error otherwise.
    private mutating func unpaired(_ unit: UInt32) throws(JSONParseError) -> Unicode.Scalar {
        if options.replacesLoneSurrogates { return "\u{FFFD}" }
        let hex = String(unit, radix: 16, uppercase: true)
        throw syntax("the escape \\u\(hex) is half of a surrogate pair without its other half")
    }
}

// MARK: - UTF-8

/// Well-formed UTF-8 sequences (Unicode 15, table 3-7).
enum UTF8Sequence {
    /// The length of the well-formed sequence at `index`, or nil when the bytes there are not one.
    static func length(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            // Surrogate code points are not characters; UTF-8 must not encode them.
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default: return nil
        }
        guard bytes.count - index >= length, secondRange.contains(bytes[index + 1]) else { return nil }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return nil }
        return length
    }
}
