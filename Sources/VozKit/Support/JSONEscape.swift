/// JSON's string escapes, shared by the three readers that decode JSON by hand (form files, server replies,
/// transcript lines), so they agree on what every escape means.
enum JSONEscape {
    /// The character a one-letter escape stands for (`n` → line feed), or nil for `u` and anything that is not
    /// an escape.
    static func single(_ letter: UInt8) -> Unicode.Scalar? {
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
}

// MARK: - Writing

extension JSONEscape {
    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped, everything else as is.
    static func quoted(_ text: String) -> String {
        var output = "\""
        output.unicodeScalars.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
