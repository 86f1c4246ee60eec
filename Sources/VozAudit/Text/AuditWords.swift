import Dispatch
import Foundation
import VozLocalization

/// The words the audit looks for in forms and transcripts, in every language Voz speaks: each PO catalog's
/// `audit.words.*` entries, so a translator who adds a language teaches the audit its words too.
package enum AuditWords {
    /// Starts reading every language's catalog on another thread, and returns at once: the rules look for their
    /// words in all of them, which is 80 million instructions of reading (six catalogs of 4,000 lines) that the
    /// first rule to ask would otherwise wait for while the others wait for it. Each catalog is still read once,
    /// by whoever asks first; this only asks early, while the caller does other work on its own core.
    package static func readCatalogsAhead() {
        DispatchQueue.global(qos: .userInitiated).async {
            for language in Language.allCases { _ = Catalog.catalog(for: language) }
        }
    }

    /// The phrases of `key` in every language, as the catalogs write them (accents kept), without repeats.
    package static func phrases(_ key: String) -> [String] {
        var phrases: [String] = []
        for language in Language.allCases {
            let entry = Catalog.catalog(for: language).single(key) ?? ""
            for phrase in entry.split(separator: "|").map({ $0.trimmingCharacters(in: .whitespaces) })
            where !phrase.isEmpty && !phrases.contains(phrase) {
                phrases.append(phrase)
            }
        }
        return phrases
    }

    /// The single words of `key`'s phrases, normalized as `AuditText.words` gives them; one-letter words are left
    /// out unless asked for ("e-mail" gives "mail", not "e", which is "and" in Italian and Portuguese).
    package static func words(_ key: String, keepingSingleLetters: Bool = false) -> [String] {
        var words: [String] = []
        for word in phrases(key).flatMap(AuditText.words)
        where (keepingSingleLetters || word.count > 1) && !words.contains(word) {
            words.append(word)
        }
        return words
    }

    /// `key`'s phrases as a regular-expression alternation, each as written and without accents.
    package static func alternation(_ key: String) -> String {
        var forms: [String] = []
        for phrase in phrases(key) {
            let folded = phrase.folding(options: [.diacriticInsensitive], locale: nil)
            for form in [phrase, folded] where !forms.contains(form) { forms.append(form) }
        }
        return forms.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
    }
}
