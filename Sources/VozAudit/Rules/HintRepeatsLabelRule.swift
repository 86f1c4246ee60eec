import VozForm

/// A hint that only repeats the label ("Nombre" / "Escribe tu nombre") costs listening time and teaches nothing.
package struct HintRepeatsLabelRule: FormRule {
    package let info = AuditRuleInfo(
        id: "hint-repeats-label", name: "HintRepeatsLabel", criterion: .labelsOrInstructions, severity: .minor,
        scope: .form)

    package init() {}

    /// Words that carry no instruction of their own ("Escribe tu …", "Enter your …", "Saisissez votre …"), in every
    /// language.
    static let fillerWords = Set(AuditWords.words("audit.words.hintFiller", keepingSingleLetters: true))

    package func check(_ document: FormDocument) -> RuleCheck {
        let hinted = document.form.fields.enumerated().filter {
            !AuditText.isBlank($0.element.hint) && !AuditText.isBlank($0.element.label)
        }
        guard !hinted.isEmpty else { return .inapplicable }
        let violations = hinted.compactMap { index, field -> Finding? in
            guard let hint = field.hint, Self.repeats(hint: hint, label: field.label) else { return nil }
            return info.finding(
                in: document, path: "fields[\(index)].hint", field: field.id,
                arguments: ["field": field.id, "hint": hint])
        }
        return .checked(violations)
    }

    /// Whether every word of the hint, apart from filler, is already in the label.
    static func repeats(hint: String, label: String) -> Bool {
        let labelWords = Set(AuditText.words(label))
        let hintWords = AuditText.words(hint).filter { !fillerWords.contains($0) }
        return hintWords.allSatisfy(labelWords.contains)
    }
}
