import VozForm

/// Two fields with the same label cannot be told apart by ear, nor reached with `:ir LABEL`; fields of branches
/// never asked together (a card's "Number" and a transfer's "Number") are never heard one after the other.
package struct DuplicateLabelRule: FormRule {
    package let info = AuditRuleInfo(
        id: "label-duplicate", name: "DuplicateLabel", criterion: .headingsAndLabels, severity: .serious,
        scope: .form)

    package init() {}

    package func check(_ document: FormDocument) -> RuleCheck {
        let fields = document.form.fields
        guard fields.count > 1 else { return .inapplicable }
        let byID = Dictionary(fields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let lookup = { (id: String) -> (condition: FieldCondition?, isSingleChoice: Bool)? in
            byID[id].map { ($0.condition, $0.kind == .choice) }
        }
        var earlier: [String: [Field]] = [:]
        var violations: [Finding] = []
        for (index, field) in fields.enumerated() where !AuditText.isBlank(field.label) {
            let label = AuditText.normalized(field.label)
            let heardWith = (earlier[label] ?? []).first {
                !FieldCondition.excludes($0.condition, field.condition, lookup: lookup)
            }
            if let first = heardWith {
                violations.append(
                    info.finding(
                        in: document, path: "fields[\(index)].label", field: field.id,
                        arguments: ["field": field.id, "label": field.label, "first": first.id]))
            }
            earlier[label, default: []].append(field)
        }
        return .checked(violations)
    }
}
