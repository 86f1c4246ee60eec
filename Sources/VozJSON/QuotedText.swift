/// Quotes a piece of someone else's text for an error sentence: short, and with nothing a terminal or a speech
/// engine would act on (control characters, bidirectional overrides) left in it.
package enum QuotedText {
    /// The longest quoted text, in characters, before it is cut with an ellipsis.
    package static let limit = 40

    package static func quote(_ text: String) -> String {
        "\"" + visible(text) + "\""
    }

    /// The text cut to `limit` characters, with unsafe scalars shown as `\u{…}`.
    package static func visible(_ text: String, limit: Int = QuotedText.limit) -> String {
        // Keys and short words of printable ASCII come back as they are; every member of a form passes here.
        if text.utf8.count <= limit, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var result = ""
        var count = 0
        for character in text {
            if count == limit {
                result += "…"
                break
            }
            for scalar in character.unicodeScalars {
                result += isUnsafe(scalar) ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
            }
            count += 1
        }
        return result
    }

    /// Control characters, line breaks included, and the overrides that reorder text on screen.
    package static func actsOnDisplay(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Control characters and the invisible formatting characters that reorder or hide text: the package's list
    /// (`InvisibleScalars`, tag characters and Hangul fillers among them), and the joiners and invisible operators
    /// too, which a quote shows rather than lets join.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200F, 0x2060...0x2069: return true
        default: return InvisibleScalars.contains(scalar)
        }
    }
}
