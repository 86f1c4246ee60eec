import Foundation
import VozLocalization

/// What a screen reader says for an element.
extension AccessibleElement {
    /// The one sentence group a screen reader would say for this element, in the localizer's language.
    ///
    /// Most important first and short, for listening at 400 words a minute: where it is, what it is called,
    /// whether it is required, hidden, unavailable or wrong (and how to fix it), how to answer, the author's hint,
    /// an example, the default, and the current value. For example: "Campo 2 de 4. Correo electrónico,
    /// obligatorio, no válido: ese correo ya está registrado. Ejemplo: ana@ejemplo.com. Valor actual: …".
    public func spoken(_ localizer: Localizer) -> String {
        var sentences: [String] = []
        if let position, let count {
            sentences.append(localizer.text("access.position", ["position": String(position), "count": String(count)]))
        }
        let error = spokenError(localizer)
        sentences.append(head(localizer, error: error))
        // A required field left empty: "vacío" is in the head, and how to answer follows it as a sentence.
        if let error, error.unanswered, let text = error.text { sentences.append(Self.sentence(text)) }
        if let instructions { sentences.append(Self.sentence(instructions)) }
        if let hint { sentences.append(Self.sentence(hint)) }
        if let example {
            let phrase = localizer.text("access.example", ["example": example])
            // A local error already ends with the same example; saying it twice costs the listener time.
            if !(self.error?.contains(phrase) ?? false) { sentences.append(phrase) }
        }
        if let defaultValue { sentences.append(localizer.text("access.default", ["value": defaultValue])) }
        if let value { sentences.append(localizer.text("access.value", ["value": value])) }
        // One printed line a message: a multiline value or hint must not break it.
        return sentences.joined(separator: " ").components(separatedBy: .newlines).joined(separator: " ")
    }

    /// "Label, obligatorio, texto oculto, no válido: …" — the name and the states, as one sentence.
    private func head(_ localizer: Localizer, error: SpokenError?) -> String {
        var name = label.trimmingCharacters(in: .whitespaces)
        while name.hasSuffix(":") { name.removeLast() }
        var parts = [name]
        if role == .submit { parts.append(localizer.text("access.button")) }
        if traits.contains(.required) { parts.append(localizer.text("access.required")) }
        if traits.contains(.secret) { parts.append(localizer.text("access.secret")) }
        if traits.contains(.disabled) {
            parts.append(
                disabledReason.map { localizer.text("access.disabledBecause", ["reason": Self.clause($0)]) }
                    ?? localizer.text("access.disabled"))
        } else if traits.contains(.busy) {
            parts.append(localizer.text("access.busy"))
        }
        if let error, error.unanswered {
            parts.append(localizer.text("access.empty"))
        } else if let text = error?.text {
            parts.append(localizer.text("access.invalid", ["error": Self.clause(text)]))
        }
        return Self.sentence(parts.joined(separator: ", "))
    }

    /// The text ended with a full stop unless it already ends a sentence.
    static func sentence(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let last = trimmed.last else { return trimmed }
        return ".?!…".contains(last) ? trimmed : trimmed + "."
    }

    /// A sentence used as a clause: without its final full stop (the head adds one).
    static func clause(_ text: String) -> String {
        var trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasSuffix(".") { trimmed.removeLast() }
        return trimmed
    }
}
