/// JSON's string escapes, both ways: what the parser reads and what the writer writes, so they agree on what
/// every escape means.
public enum JSONEscape {
    // MARK: - Reading

    /// The character a one-letter escape stands for (`n` → line feed), or nil for `u` and anything that is not
    /// an escape.
    public static func single(_ letter: UInt8) -> Unicode.Scalar? {
        switch letter {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        default: return nil
        }
    }

    /// The scalar a UTF-16 surrogate pair (`\uD83D\uDE00`) stands for, or nil when the halves do not pair.
    static func pair(high: UInt32, low: UInt32) -> Unicode.Scalar? {
        guard (0xD800...0xDBFF).contains(high), (0xDC00...0xDFFF).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }

    /// The value of one hexadecimal digit of a `\u` escape.
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    // MARK: - Writing

    /// The escape that must stand for `byte` inside a JSON string (RFC 8259 §7): quote, backslash, line feed, carriage
    /// return and tab; nil otherwise. Other control characters are written `\u00XX` (`\b` and `\f` too, which
    /// readers know less well), so a terminal escape in a value never reaches a terminal raw.
    static func escaped(_ byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "\""): return "\\\""
        case UInt8(ascii: "\\"): return "\\\\"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        default: return nil
        }
    }

    /// Whether `byte` needs an escape at all.
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
