import Foundation

/// Characters read as the plain ASCII they stand for, when Unicode says they stand for one: a digit of any script
/// (fullwidth `５`, Arabic-Indic `٥`, Devanagari `५`) as its ASCII digit, anything NFKC writes in ASCII (fullwidth
/// letters, `①`, `²`, `ﬁ`, the no-break and ideographic spaces) as that, and any dash as `-`.
///
/// A card number or a password typed or echoed in another form of the same characters is the same secret: every
/// check of a secret compares both sides folded this way.
public enum CompatibilityFold {
    /// The ASCII `scalar` stands for, or nil when it stands for none (an accented letter, an emoji, a mark).
    public static func ascii(_ scalar: Unicode.Scalar) -> String? {
        if scalar.isASCII { return String(scalar) }
        let properties = scalar.properties
        if properties.generalCategory == .decimalNumber, properties.numericType == .decimal,
            let value = properties.numericValue, value >= 0, value <= 9
        {
            return String(Int(value))
        }
        if properties.generalCategory == .dashPunctuation { return "-" }
        // Most scalars have no compatibility mapping: only a mapped one pays for the normalisation.
        guard properties.changesWhenNFKCCaseFolded else { return nil }
        let mapped = String(scalar).precomposedStringWithCompatibilityMapping
        guard !mapped.isEmpty, mapped.unicodeScalars.allSatisfy(\.isASCII), mapped != String(scalar) else {
            return nil
        }
        return mapped
    }

    /// `character` as the one ASCII character it stands for; a digit with marks on it (a keycap, an underline) as
    /// the digit. `character` itself when it stands for none or for several, and a letter with an accent stays
    /// that letter: "é" is not "e".
    public static func character(_ character: Character) -> Character {
        if character.isASCII { return character }
        let scalars = Array(character.unicodeScalars)
        guard let first = scalars.first, let folded = ascii(first), folded.count == 1, let plain = folded.first else {
            return character
        }
        if scalars.count == 1 { return plain }
        // Marks on a digit are decoration; on a letter they make another letter.
        guard plain.isNumber, scalars.dropFirst().allSatisfy(isMark) else { return character }
        return plain
    }

    /// `text` with every scalar that stands for ASCII written as that ASCII.
    public static func string(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let folded = ascii(scalar) {
                result.append(contentsOf: folded.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether `scalar` only marks the character before it: a combining accent, an enclosing keycap, a variation
    /// selector.
    public static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
