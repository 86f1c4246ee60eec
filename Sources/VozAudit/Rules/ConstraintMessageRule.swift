import VozForm

/// A `pattern` with no `patternMessage` can only be reported with a generic "not valid": the user hears that
/// something is wrong, not what.
package struct ConstraintMessageRule: FormRule {
    package let info = AuditRuleInfo(
        id: "constraint-message-missing", name: "ConstraintMessageMissing", criterion: .errorIdentification,
        severity: .serious, scope: .form)

    package init() {}

    package func check(_ document: FormDocument) -> RuleCheck {
        let patterned = document.form.fields.enumerated().filter { $0.element.rules.pattern != nil }
        guard !patterned.isEmpty else { return .inapplicable }
        let violations = patterned.compactMap { index, field -> Finding? in
            guard AuditText.isBlank(field.rules.patternMessage) else { return nil }
            return info.finding(
                in: document, path: "fields[\(index)].rules.pattern", field: field.id, arguments: ["field": field.id])
        }
        return .checked(violations)
    }
}
