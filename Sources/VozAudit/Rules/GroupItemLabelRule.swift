import VozForm

/// A repeatable group asks the same questions once per item; without a word for one item ("Invitado") the
/// listener hears "Invitados 2 de 3: nombre" and cannot tell which person is being asked about.
package struct GroupItemLabelRule: FormRule {
    package let info = AuditRuleInfo(
        id: "group-item-label-missing", name: "GroupItemLabelMissing", criterion: .labelsOrInstructions,
        severity: .serious, scope: .form)

    package init() {}

    package func check(_ document: FormDocument) -> RuleCheck {
        let groups = document.form.fields.enumerated().filter { $0.element.kind == .group }
        guard !groups.isEmpty else { return .inapplicable }
        let violations = groups.compactMap { index, field -> Finding? in
            guard field.itemLabel.map(AuditText.isBlank) ?? true else { return nil }
            return info.finding(in: document, path: "fields[\(index)]", field: field.id, arguments: ["field": field.id])
        }
        return .checked(violations)
    }
}
