import Foundation
import VozForm

/// A label that is only the placeholder, the hint or an example value names nothing: a placeholder is not a label.
package struct LabelIsPlaceholderRule: FormRule {
    package let info = AuditRuleInfo(
        id: "label-is-placeholder", name: "LabelIsPlaceholder", criterion: .labelsOrInstructions,
        severity: .serious, scope: .form)

    package init() {}

    package func check(_ document: FormDocument) -> RuleCheck {
        let labelled = document.form.fields.enumerated().filter { !AuditText.isBlank($0.element.label) }
        guard !labelled.isEmpty else { return .inapplicable }
        let violations = labelled.compactMap { index, field -> Finding? in
            guard let variant = variant(for: field) else { return nil }
            return info.finding(
                in: document, path: "fields[\(index)].label", field: field.id, variant: variant,
                arguments: ["field": field.id, "label": field.label])
        }
        return .checked(violations)
    }

    // MARK: - Cases

    private func variant(for field: Field) -> String? {
        let label = AuditText.normalized(field.label)
        if let placeholder = field.placeholder, AuditText.normalized(placeholder) == label { return "placeholder" }
        if let hint = field.hint, AuditText.normalized(hint) == label { return "hint" }
        if looksLikeExample(field.label) { return "example" }
        return nil
    }

    /// An e-mail address, a date mask or a text that starts like an example ("Ej.", "e.g.") is an example value.
    private func looksLikeExample(_ label: String) -> Bool {
        let trimmed = label.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.contains("@") && trimmed.contains(".") && !trimmed.contains(" ") { return true }
        // Every mask has a slash, a hyphen or an "x" in it: a label with none of them is spared seven string searches.
        let bytes = trimmed.utf8
        let mayHoldMask =
            bytes.contains(UInt8(ascii: "/")) || bytes.contains(UInt8(ascii: "-")) || bytes.contains(UInt8(ascii: "x"))
        let masks = ["dd/mm/aaaa", "dd/mm/yyyy", "mm/dd/yyyy", "aaaa-mm-dd", "yyyy-mm-dd", "000-000-000", "xxx"]
        if mayHoldMask, masks.contains(where: trimmed.contains) { return true }
        return ["ej.", "ej:", "ejemplo:", "e.g.", "example:", "p. ej."].contains(where: trimmed.hasPrefix)
    }
}
