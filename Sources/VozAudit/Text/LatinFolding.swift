import Foundation

/// The words `AuditText.words` finds, computed without Foundation for text in Latin scripts.
///
/// Folding a string through Foundation, then splitting it by `Character` properties, costs microseconds a line;
/// a transcript has tens of thousands of lines. For scalars up to U+024F (ASCII, Latin-1, Latin Extended-A and
/// -B) Foundation's fold of a string is the folds of its scalars one after another, and none of these scalars
/// joins its neighbour into one `Character` (but CR LF, two separators), so a table made once from Foundation
/// gives the same words. Any other scalar sends the whole text back to Foundation.
enum LatinFolding {
    /// Scalars below this value have an entry.
    static let limit: UInt32 = 0x250

    /// One scalar's fold: the scalars Foundation folds it to, each marked as a letter or number or not.
    struct Entry: Sendable {
        var scalars: [Unicode.Scalar]
        var isWordCharacter: [Bool]
    }

    /// The words of `text`, lowercased and without diacritics; nil when the text has a scalar outside the table.
    static func words(_ text: String) -> [String]? {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard scalar.value < limit, let entry = table[Int(scalar.value)] else { return nil }
            for (folded, isWord) in zip(entry.scalars, entry.isWordCharacter) {
                if isWord {
                    current.append(folded)
                } else if !current.isEmpty {
                    words.append(String(current))
                    current = String.UnicodeScalarView()
                }
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    // MARK: - Table

    /// Each scalar's fold as Foundation makes it; nil where the fold leaves the table (then Foundation decides).
    static let table: [Entry?] = (0..<limit).map { value in
        guard let scalar = Unicode.Scalar(value) else { return nil }
        let folded = foundationFold(String(Character(scalar)))
        let scalars = Array(folded.unicodeScalars)
        guard scalars.allSatisfy({ $0.value < limit }) else { return nil }
        // Within the table a scalar is a whole Character, so the Character's properties are the scalar's.
        let isWord = scalars.map { Character($0).isLetter || Character($0).isNumber }
        return Entry(scalars: scalars, isWordCharacter: isWord)
    }

    /// Foundation's fold, the one `AuditText` has always used.
    static func foundationFold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: locale)
    }

    private static let locale = Locale(identifier: "en")
}
