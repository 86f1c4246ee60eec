import VozForm

/// A field that collects personal data (name, e-mail, phone, address, password…) needs a `purpose` token, so
/// assistive tools and autofill can recognise it (WCAG 1.3.5).
package struct PurposeMissingRule: FormRule {
    package let info = AuditRuleInfo(
        id: "purpose-missing", name: "PurposeMissing", criterion: .identifyInputPurpose, severity: .serious,
        scope: .form)

    package init() {}

    package func check(_ document: FormDocument) -> RuleCheck {
        let setting = InputPurpose.setting(of: document.form)
        let personal = document.form.fields.enumerated().compactMap { index, field in
            InputPurpose.expectedToken(for: field, in: setting).map { (index, field, $0) }
        }
        guard !personal.isEmpty else { return .inapplicable }
        let violations = personal.compactMap { index, field, token -> Finding? in
            guard AuditText.isBlank(field.purpose) else { return nil }
            return info.finding(
                in: document, path: "fields[\(index)]", field: field.id, arguments: ["field": field.id, "token": token])
        }
        return .checked(violations)
    }
}
