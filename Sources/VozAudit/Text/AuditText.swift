import Foundation
import VozForm

/// Text comparisons the rules share: what counts as "the same words" to a listener.
package enum AuditText {
    /// Lowercased, without diacritics, punctuation or repeated spaces: "¿Nombre  completo?" → "nombre completo".
    package static func normalized(_ text: String) -> String {
        words(text).joined(separator: " ")
    }

    /// The words of `text`, lowercased and without diacritics.
    package static func words(_ text: String) -> [String] {
        LatinFolding.words(text) ?? foundationWords(text)
    }

    /// The words as Foundation's fold and `Character`'s properties give them: what `words` returns for any text,
    /// only slower.
    static func foundationWords(_ text: String) -> [String] {
        LatinFolding.foundationFold(text).split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    /// The words of an identifier: "newPassword" and "new_password" both give ["new", "password"].
    static func identifierWords(_ identifier: String) -> [String] {
        var spaced = ""
        for character in identifier {
            if character.isUppercase { spaced.append(" ") }
            spaced.append(character)
        }
        return words(spaced)
    }

    /// Whether `text` is nil or only whitespace.
    package static func isBlank(_ text: String?) -> Bool {
        BlankText.isBlank(text ?? "")
    }

    /// Whether `text` contains any of `needles` as whole words (or word sequences), after normalizing both.
    static func containsAnyPhrase(_ text: String, _ needles: [String]) -> Bool {
        Normalized(text).containsAny(Phrases(needles))
    }

    /// Whether `text` contains any of `phrases` as whole words (or word sequences).
    static func containsAnyPhrase(_ text: String, _ phrases: Phrases) -> Bool {
        Normalized(text).containsAny(phrases)
    }

    /// A number as a person would write it: `8` rather than `8.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
