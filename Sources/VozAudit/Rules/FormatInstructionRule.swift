import VozAccessibility
import VozForm

/// A field with a format rule (pattern, length, range) must say it before the user answers: in its hint, or by
/// an example in its placeholder; a length or range limit should be stated with its number.
package struct FormatInstructionRule: FormRule {
    package let info = AuditRuleInfo(
        id: "format-instruction-missing", name: "FormatInstructionMissing", criterion: .labelsOrInstructions,
        severity: .serious, scope: .form)

    package init() {}

    package func check(_ document: FormDocument) -> RuleCheck {
        let constrained = document.form.fields.enumerated().filter { !Self.unsaid($0.element).isEmpty }
        guard !constrained.isEmpty else { return .inapplicable }
        var violations: [Finding] = []
        for (index, field) in constrained {
            let instruction = [field.hint, field.placeholder].compactMap { $0 }.joined(separator: " ")
            if AuditText.isBlank(instruction) {
                violations.append(
                    info.finding(
                        in: document, path: "fields[\(index)].rules", field: field.id,
                        arguments: ["field": field.id]))
                continue
            }
            let said = Set(AuditText.words(instruction))
            if let limit = Self.limits(of: Self.unsaid(field)).first(where: { !said.contains($0) }) {
                violations.append(
                    info.finding(
                        in: document, path: "fields[\(index)].hint", field: field.id, variant: "limit",
                        arguments: ["field": field.id, "limit": limit], severity: .moderate))
            }
        }
        return .checked(violations)
    }

    /// The rules Voz does not say itself: it says a number's bounds and step and a list's item count before input,
    /// whatever the hint ("a whole number from 18 to 120"), and a text's lengths when the field has no hint ("At
    /// most 40 characters."), so what is left for the hint is a pattern, and the lengths of a field whose hint Voz
    /// says instead.
    static func unsaid(_ field: Field) -> FieldRules {
        var rules = field.rules
        if AccessibleElement.saysLengths(of: field) {
            (rules.minLength, rules.maxLength) = (nil, nil)
        }
        if field.isNumeric || (field.kind == .list && (field.itemKind == .number || field.itemKind == .integer)) {
            (rules.min, rules.max, rules.exclusiveMin, rules.exclusiveMax, rules.multipleOf) = (nil, nil, nil, nil, nil)
        }
        (rules.minItems, rules.maxItems, rules.uniqueItems) = (nil, nil, false)
        return rules
    }

    /// The numbers the user has to know: lengths and range ends.
    static func limits(of rules: FieldRules) -> [String] {
        let lengths = [rules.minLength, rules.maxLength].compactMap { $0 }.map(String.init)
        let range = [rules.min, rules.max].compactMap { $0 }.map(AuditText.number)
        return lengths + range
    }
}
