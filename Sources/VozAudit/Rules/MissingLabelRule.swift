import VozForm

/// A field with no label, or a label of only spaces, has no name to be spoken by.
package struct MissingLabelRule: FormRule {
    package let info = AuditRuleInfo(
        id: "label-missing", name: "MissingLabel", criterion: .nameRoleValue, severity: .critical, scope: .form)

    package init() {}

    package func check(_ document: FormDocument) -> RuleCheck {
        guard !document.form.fields.isEmpty else { return .inapplicable }
        let violations = document.form.fields.enumerated().compactMap { index, field -> Finding? in
            guard AuditText.isBlank(field.label) else { return nil }
            return info.finding(
                in: document, path: "fields[\(index)].label", field: field.id, arguments: ["field": field.id])
        }
        return .checked(violations)
    }
}
