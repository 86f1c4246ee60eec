/// Phrases and texts normalized once, for rules that look for the same phrases in every label or line.
extension AuditText {
    /// Phrases normalized once.
    struct Phrases: Sendable {
        /// Each phrase's words.
        let words: [[String]]
        /// Each phrase normalized, between spaces.
        let padded: [String]
        /// Whether every phrase is in Latin script, so its words can be compared without Foundation.
        let isLatin: Bool

        init(_ phrases: [String]) {
            words = phrases.map(AuditText.words)
            padded = words.map { " " + $0.joined(separator: " ") + " " }
            isLatin = phrases.allSatisfy { LatinFolding.words($0) != nil }
        }
    }

    /// A text normalized once, to look for several phrases in it.
    struct Normalized {
        /// The words, when the text is in Latin script (then they are exactly `AuditText.words`).
        private let latinWords: [String]?
        /// The normalized text between spaces, for any other text.
        private let padded: String

        init(_ text: String) {
            latinWords = LatinFolding.words(text)
            padded = latinWords == nil ? " " + AuditText.normalized(text) + " " : ""
        }

        /// Whether the text contains any of `phrases` as whole words (or word sequences).
        func containsAny(_ phrases: Phrases) -> Bool {
            // Between Latin words, "the padded text contains the padded phrase" is "the words contain the phrase's
            // words in a row"; comparing words saves building and searching strings.
            if let latinWords {
                if phrases.isLatin { return phrases.words.contains { Self.words(latinWords, containRun: $0) } }
                let padded = " " + latinWords.joined(separator: " ") + " "
                return phrases.padded.contains { padded.contains($0) }
            }
            return phrases.padded.contains { padded.contains($0) }
        }

        /// Whether `run` appears in `words` as consecutive words; an empty run only in no words (as "  " is found
        /// only in an empty padded text).
        private static func words(_ words: [String], containRun run: [String]) -> Bool {
            guard !run.isEmpty else { return words.isEmpty }
            guard words.count >= run.count else { return false }
            return (0...(words.count - run.count)).contains { start in
                words[start] == run[0] && words[start..<(start + run.count)].elementsEqual(run)
            }
        }
    }
}
