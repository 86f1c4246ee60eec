/// Characters a speech synthesizer reads badly or not at all: check marks, stars, arrows, box drawing, emoji.
package enum SpokenSymbols {
    /// The unreadable symbols in `text`, in order, without repeats.
    package static func found(in text: String) -> [Character] {
        // Walking Characters is slow and almost every text has no symbol: a scalar scan rules that out first.
        guard text.unicodeScalars.contains(where: { !$0.isASCII && isUnreadable($0) }) else { return [] }
        var seen: [Character] = []
        for character in text where isUnreadable(character) && !seen.contains(character) {
            seen.append(character)
        }
        return seen
    }

    /// Whether `text` has letters or digits once its unreadable symbols are ignored.
    package static func hasWords(_ text: String) -> Bool {
        text.contains { ($0.isLetter || $0.isNumber) && !isUnreadable($0) }
    }

    package static func isUnreadable(_ character: Character) -> Bool {
        character.unicodeScalars.contains(where: isUnreadable)
    }

    private static func isUnreadable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isEmojiPresentation { return true }
        return unreadableRanges.contains { $0.contains(scalar.value) }
    }

    // MARK: - Ranges

    private static let unreadableRanges: [ClosedRange<UInt32>] = [
        0x2190...0x21FF,  // arrows
        0x2300...0x23FF,  // miscellaneous technical (⌘, ⏎)
        0x2500...0x257F,  // box drawing
        0x2580...0x259F,  // block elements
        0x25A0...0x25FF,  // geometric shapes (■ ▶ ●)
        0x2600...0x26FF,  // miscellaneous symbols (★ ☑ ☐)
        0x2700...0x27BF,  // dingbats (✓ ✔ ✗ ➜)
        0x27F0...0x27FF,  // supplemental arrows A
        0x2900...0x297F,  // supplemental arrows B
        0x2B00...0x2BFF,  // miscellaneous symbols and arrows (⬅ ⭐)
        0x1F000...0x1FAFF,  // emoji and pictographs
    ]
}
