import Foundation
import VozForm

// A cut copy of a secret is masked because servers truncate what they echo. But a secret that begins with a word —
// `password123`, `Contraseña-2024` — shares that word with every server message about it: "This password is too
// common." holds no secret, and hiding it (or dropping the message) leaves the person with no reason at all. Only
// a whole word of letters that the form itself uses, or that servers use for secrets, is spared; the secret's own
// spans are still masked wherever they are more than that word.
extension LogRedactor {
    /// Words servers write about secrets, in the languages Voz speaks.
    static let secretWords: Set<String> = [
        "password", "passwords", "passwort", "kennwort", "passphrase", "contraseña", "contrasena", "contraseñas",
        "clave", "senha", "secret", "secreto", "segredo", "token", "pin", "code", "código", "codigo",
    ]

    /// The words of the form's own names and labels, lower-cased, with `secretWords`.
    static func ownWords(of form: Form) -> Set<String> {
        let fields = form.fields + form.fields.flatMap(\.members)
        let texts =
            fields.flatMap { field in [field.id, field.label, field.hint ?? ""] + field.serverNames + field.bodyPath }
            + [form.id, form.title, form.submit.label]
        var words = secretWords
        for text in texts {
            for word in humanised(text).split(separator: " ") where word.allSatisfy(\.isLetter) {
                words.insert(word.lowercased())
            }
        }
        return words
    }

    /// Whether the copy at `range` of `text` lies within a word of `ownWords` (letters only, nothing but a space or
    /// punctuation on either side) and spaces or punctuation after it: what a server says about a secret, not a
    /// piece of it. "contrase" of `contraseña2026` in "La contraseña es demasiado común." is such a word's start.
    func isOwnWord(_ text: String, _ range: Range<String.Index>) -> Bool {
        guard !range.isEmpty, text[range.lowerBound].isLetter else { return false }
        if range.lowerBound > text.startIndex {
            let before = text[text.index(before: range.lowerBound)]
            if before.isLetter || before.isNumber { return false }
        }
        var end = range.lowerBound
        while end < text.endIndex, text[end].isLetter { end = text.index(after: end) }
        if end < text.endIndex, text[end].isNumber { return false }
        guard ownWords.contains(text[range.lowerBound..<end].lowercased()) else { return false }
        // What the copy holds past the word is spaces and punctuation, never a letter or digit of the secret.
        return end >= range.upperBound || !text[end..<range.upperBound].contains { $0.isLetter || $0.isNumber }
    }
}
