import Foundation
import VozForm

/// Options are answered by number or by label and are told apart only by their labels: each needs one, and no
/// two may sound the same.
package struct OptionLabelRule: FormRule {
    package let info = AuditRuleInfo(
        id: "option-duplicate-label", name: "OptionDuplicateLabel", criterion: .headingsAndLabels,
        severity: .serious, scope: .form)

    package init() {}

    package func check(_ document: FormDocument) -> RuleCheck {
        let choices = document.form.fields.enumerated().filter { !$0.element.options.isEmpty }
        guard !choices.isEmpty else { return .inapplicable }
        var violations: [Finding] = []
        for (index, field) in choices {
            var seen = Set<String>()
            for (optionIndex, option) in field.options.enumerated() {
                let path = "fields[\(index)].options[\(optionIndex)].label"
                let number = String(optionIndex + 1)
                if AuditText.isBlank(option.label) {
                    violations.append(
                        info.finding(
                            in: document, path: path, field: field.id, variant: "empty",
                            arguments: ["field": field.id, "number": number]))
                } else if !seen.insert(Self.sound(of: option.label)).inserted {
                    violations.append(
                        info.finding(
                            in: document, path: path, field: field.id,
                            arguments: ["field": field.id, "number": number, "label": option.label]))
                }
            }
        }
        return .checked(violations)
    }

    /// What a label sounds like: its words, or the label itself when it has none ("★" and "★★" differ).
    static func sound(of label: String) -> String {
        let words = AuditText.normalized(label)
        return words.isEmpty ? label.trimmingCharacters(in: .whitespaces) : words
    }
}
