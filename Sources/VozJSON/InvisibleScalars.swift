/// The characters a terminal or a speech engine acts on, or hides, instead of showing: C0 and C1 controls, DEL,
/// bidirectional embeddings, overrides, isolates and marks, zero-width characters, the byte order mark, the
/// line and paragraph separators, Unicode tag characters (text no one sees, that a language model reads) and the
/// Hangul fillers (blanks that pass for a name or a word).
///
/// One list for the whole package: the text sanitizer drops these from what is printed or spoken, and the JSON
/// writer escapes them, so a hostile value is never written raw anywhere Voz writes.
public enum InvisibleScalars {
    /// Whether `scalar` is one of them.
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x200B, 0x200C, 0x2060, 0xFEFF, 0x2028, 0x2029: return true
        case 0xE0000...0xE007F, 0x115F, 0x1160, 0x3164, 0xFFA0: return true
        default: return false
        }
    }

    // MARK: - JSON text

    /// `json` with every such character outside ASCII written as a `\uXXXX` escape: the same document, safe to
    /// print. Only strings can hold them in valid JSON, where the escape means the same character.
    ///
    /// For JSON that another encoder wrote (Foundation's escapes C0 controls but writes C1 controls and direction
    /// overrides raw); `JSONWriter` already writes its strings this way.
    public static func escaped(inJSON json: String) -> String {
        guard json.unicodeScalars.contains(where: { $0.value >= 0x7F && contains($0) }) else { return json }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(json.utf8.count + 16)
        for scalar in json.unicodeScalars {
            if scalar.value >= 0x7F, contains(scalar) {
                appendEscape(scalar, to: &utf8)
            } else {
                UTF8.encode(scalar) { utf8.append($0) }
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Appends `\uXXXX`, or the surrogate pair a JSON string writes for a tag character past the Basic
    /// Multilingual Plane.
    static func appendEscape(_ scalar: Unicode.Scalar, to utf8: inout [UInt8]) {
        for unit in String(scalar).utf16 {
            utf8.append(contentsOf: "\\u".utf8)
            for shift in stride(from: 12, through: 0, by: -4) {
                utf8.append(JSONEscape.hexDigits[Int((unit >> UInt16(shift)) & 0xF)])
            }
        }
    }
}
