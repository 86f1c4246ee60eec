import VozJSON

#if canImport(Glibc)
    import Glibc
#endif

/// The common shape of an asciicast event line, `[1.234567, "o", "text"]`, read straight from its bytes: an hour
/// of output is 36,000 such lines, and building a JSON tree for each cost as much as replaying them. Anything
/// else (other spacing aside) is left to the full JSON parser, which then accepts or refuses it with its reasons.
enum CastEventLine {
    /// The time, code and data of `line`; nil when the line is not exactly that shape or not valid JSON.
    static func parse(_ line: UnsafeRawBufferPointer) -> (time: Double, code: String, data: String)? {
        var reader = Reader(bytes: line)
        reader.skipBlanks()
        guard reader.take(UInt8(ascii: "[")) else { return nil }
        reader.skipBlanks()
        guard let time = reader.number() else { return nil }
        reader.skipBlanks()
        guard reader.take(UInt8(ascii: ",")) else { return nil }
        reader.skipBlanks()
        guard let code = reader.string() else { return nil }
        reader.skipBlanks()
        guard reader.take(UInt8(ascii: ",")) else { return nil }
        reader.skipBlanks()
        guard let data = reader.string() else { return nil }
        reader.skipBlanks()
        guard reader.take(UInt8(ascii: "]")) else { return nil }
        reader.skipBlanks()
        guard reader.index == line.count else { return nil }
        return (time, code, data)
    }

    /// Bytes known to hold some from 0x80 up as a String when they are valid UTF-8, else nil:
    /// `String(validating:as:)`, which costs about a thousand instructions even for the one byte of an event's code
    /// (the reader decodes ASCII as it is). Such text is valid exactly when decoding it repaired nothing, so its
    /// bytes came through unchanged.
    static func checked(_ bytes: UnsafeRawBufferPointer) -> String? {
        var text = String(decoding: bytes, as: UTF8.self)
        let unchanged = text.withUTF8 { decoded in
            guard decoded.count == bytes.count, let left = decoded.baseAddress, let right = bytes.baseAddress
            else { return false }
            return memcmp(left, right, bytes.count) == 0
        }
        return unchanged ? text : nil
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var index = 0
        /// The decoded bytes of a string with escapes, reused from one string to the next.
        var buffer: [UInt8] = []
        /// Whether the string being read has a byte from 0x80 up written as it is, whose UTF-8 must be checked.
        var raw = false

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func take(_ byte: UInt8) -> Bool {
            guard current == byte else { return false }
            index += 1
            return true
        }

        /// JSON's blanks: space, tab, carriage return (a line's own line feed is already cut off).
        mutating func skipBlanks() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0D { index += 1 }
        }

        /// A JSON number (`-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`), converted as the JSON parser does.
        mutating func number() -> Double? {
            let start = index
            _ = take(UInt8(ascii: "-"))
            guard let first = current, isDigit(first) else { return nil }
            index += 1
            if first != UInt8(ascii: "0") { skipDigits() }
            if take(UInt8(ascii: ".")) {
                guard let digit = current, isDigit(digit) else { return nil }
                skipDigits()
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard let digit = current, isDigit(digit) else { return nil }
                skipDigits()
            }
            if let value = Self.shortDecimal(UnsafeRawBufferPointer(rebasing: bytes[start..<index])) { return value }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else { return nil }
            return value
        }

        /// A number of at most 15 digits and no exponent (`3599.900000`), the way asciinema writes times: its
        /// digits as a whole number and the power of ten it is divided by are both exact in a Double, so the one
        /// division rounds once, to what `Double(text)` (strtod) gives. Nil for any other number.
        private static func shortDecimal(_ text: UnsafeRawBufferPointer) -> Double? {
            var digits = 0
            var whole: Int64 = 0
            var fraction = -1
            for byte in text {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    digits += 1
                    guard digits <= 15 else { return nil }
                    whole = whole * 10 + Int64(byte - UInt8(ascii: "0"))
                    if fraction >= 0 { fraction += 1 }
                case UInt8(ascii: "."): fraction = 0
                case UInt8(ascii: "-") where digits == 0 && fraction < 0: continue
                default: return nil
                }
            }
            let value = Double(whole) / powersOfTen[max(fraction, 0)]
            return text.first == UInt8(ascii: "-") ? -value : value
        }

        /// 10^0 … 10^15, each exact in a Double.
        private static let powersOfTen: [Double] = (0...15).map { power in
            (0..<power).reduce(1.0) { value, _ in value * 10 }
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

        private mutating func skipDigits() {
            while let byte = current, isDigit(byte) { index += 1 }
        }

        /// A JSON string: escapes resolved, UTF-8 checked; nil for a raw control character, a lone surrogate or
        /// malformed UTF-8, which the full parser words better.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var start = index
            raw = false
            guard var stop = plainEnd() else { return nil }
            if stop == UInt8(ascii: "\"") {
                index += 1
                let text = UnsafeRawBufferPointer(rebasing: bytes[start..<(index - 1)])
                return raw ? CastEventLine.checked(text) : String(decoding: text, as: UTF8.self)
            }
            // Escapes: the plain stretches between them are copied whole (a recording's output is mostly text with
            // an escaped control here and there).
            buffer.removeAll(keepingCapacity: true)
            while true {
                buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
                index += 1
                if stop == UInt8(ascii: "\"") {
                    // Escapes are whole scalars: only bytes written as they are can make malformed UTF-8.
                    return raw
                        ? buffer.withUnsafeBytes(CastEventLine.checked) : String(decoding: buffer, as: UTF8.self)
                }
                guard let scalar = escape() else { return nil }
                UTF8.encode(scalar) { buffer.append($0) }
                start = index
                guard let next = plainEnd() else { return nil }
                stop = next
            }
        }

        /// Moves to the next quote or backslash and returns it; nil at a raw control character or the line's end.
        /// Sets `raw` when it passes a byte from 0x80 up. Eight bytes at a time while none of them is a quote, a
        /// backslash or a control (each test exact for ASCII bytes; those from 0x80 up never match).
        private mutating func plainEnd() -> UInt8? {
            let count = bytes.count
            if let base = bytes.baseAddress {
                let ones: UInt64 = 0x0101_0101_0101_0101
                let highs: UInt64 = 0x8080_8080_8080_8080
                while index + 8 <= count {
                    let word = (base + index).loadUnaligned(as: UInt64.self)
                    let quote = word ^ (ones &* 0x22)
                    let backslash = word ^ (ones &* 0x5C)
                    let found =
                        (quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word
                    if found & highs != 0 { break }
                    if word & highs != 0 { raw = true }
                    index += 8
                }
            }
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return byte }
                guard byte >= 0x20 else { return nil }
                if byte >= 0x80 { raw = true }
                index += 1
            }
            return nil
        }

        /// The scalar of an escape, the cursor past its backslash.
        private mutating func escape() -> Unicode.Scalar? {
            guard let byte = current else { return nil }
            index += 1
            // One meaning for every escape, the JSON parser's: a fast path must not read a file differently.
            if let single = JSONEscape.single(byte) { return single }
            switch byte {
            case UInt8(ascii: "u"):
                guard let high = hex4() else { return nil }
                if (0xD800...0xDBFF).contains(high) {
                    guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(),
                        (0xDC00...0xDFFF).contains(low)
                    else { return nil }
                    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                }
                return Unicode.Scalar(high)
            default: return nil
            }
        }

        private mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }
    }
}
