import VozForm

/// A choice with no options cannot be answered at all.
package struct ChoiceOptionsRule: FormRule {
    package let info = AuditRuleInfo(
        id: "choice-no-options", name: "ChoiceNoOptions", criterion: .nameRoleValue, severity: .critical,
        scope: .form)

    package init() {}

    package func check(_ document: FormDocument) -> RuleCheck {
        let choices = document.form.fields.enumerated().filter {
            $0.element.kind == .choice || $0.element.kind == .multichoice
        }
        guard !choices.isEmpty else { return .inapplicable }
        let violations = choices.compactMap { index, field -> Finding? in
            guard field.options.isEmpty else { return nil }
            return info.finding(in: document, path: "fields[\(index)]", field: field.id, arguments: ["field": field.id])
        }
        return .checked(violations)
    }
}
