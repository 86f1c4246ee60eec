/// Two fields with the same label cannot be told apart by ear, nor reached with `:ir LABEL`.
public struct DuplicateLabelRule: FormRule {
    public let info = AuditRuleInfo(
        id: "label-duplicate", name: "DuplicateLabel", criterion: .headingsAndLabels, severity: .serious,
        scope: .form)

    public init() {}

    public func check(_ document: FormDocument) -> RuleCheck {
        guard document.form.fields.count > 1 else { return .inapplicable }
        var firstByLabel: [String: String] = [:]
        var violations: [Finding] = []
        for (index, field) in document.form.fields.enumerated() where !AuditText.isBlank(field.label) {
            let label = AuditText.normalized(field.label)
            if let first = firstByLabel[label] {
                violations.append(
                    info.finding(
                        in: document, path: "fields[\(index)].label", field: field.id,
                        arguments: ["field": field.id, "label": field.label, "first": first]))
            } else {
                firstByLabel[label] = field.id
            }
        }
        return .checked(violations)
    }
}
