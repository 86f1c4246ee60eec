import Foundation
import VozLocalization

/// An error said once: without what the rest of the prompt already says.
extension AccessibleElement {
    /// The field's error as its prompt says it. `unanswered` when the error is that a required field is empty (the
    /// head then says "obligatorio, vacío", not "obligatorio, no válido: es obligatorio"); `text` is what is left
    /// of it once sentences the instructions or hint say too are dropped ("Elige un número del 1 al 3." before
    /// "Elige un número del 1 al 3: 1, Gratis; …").
    struct SpokenError: Equatable {
        var unanswered: Bool
        var text: String?
    }

    func spokenError(_ localizer: Localizer) -> SpokenError? {
        guard let error else { return nil }
        var parts = Self.sentences(error)
        var unanswered = false
        if traits.contains(.required), let first = parts.first,
            Self.requiredSentences(localizer).contains(Self.folded(first))
        {
            unanswered = true
            parts.removeFirst()
        }
        let said = [instructions, hint].compactMap { $0 }.map(Self.folded)
        let kept = parts.filter { part in
            let folded = Self.folded(part)
            return !said.contains { $0.contains(folded) }
        }
        // An error all of whose sentences the prompt says elsewhere is still said: the field must be heard wrong.
        let text = (unanswered || !kept.isEmpty ? kept : parts).joined(separator: " ")
        return SpokenError(unanswered: unanswered, text: text.isEmpty ? nil : text)
    }

    /// The first sentence of every "required" error the validator says, folded: "es obligatorio".
    private static func requiredSentences(_ localizer: Localizer) -> Set<String> {
        let keys = ["", ".name", ".email", ".password", ".number", ".choice", ".multichoice", ".yesNo", ".list"]
        return Set(
            keys.compactMap { key in
                sentences(localizer.text("validation.required" + key, ["count": "1"])).first.map(folded)
            })
    }

    /// "es obligatorio. Escribe tu nombre." → ["es obligatorio.", "Escribe tu nombre."]: split after a full stop
    /// followed by a space, so "0.5" and "ana@ejemplo.com" stay whole.
    static func sentences(_ text: String) -> [String] {
        let parts = text.components(separatedBy: ". ")
        return parts.indices.map { index in
            let trimmed = parts[index].trimmingCharacters(in: .whitespacesAndNewlines)
            return index < parts.count - 1 ? trimmed + "." : trimmed
        }.filter { !$0.isEmpty }
    }

    /// A sentence as compared: lower case, without its final stop or colon.
    private static func folded(_ text: String) -> String {
        var folded = text.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        while let last = folded.last, ".:".contains(last) { folded.removeLast() }
        return folded
    }
}
