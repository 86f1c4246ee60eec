import VozForm

/// A `purpose` must be an HTML autofill token (`email`, `given-name`, `new-password`…); anything else
/// identifies nothing.
package struct PurposeInvalidRule: FormRule {
    package let info = AuditRuleInfo(
        id: "purpose-invalid", name: "PurposeInvalid", criterion: .identifyInputPurpose, severity: .serious,
        scope: .form)

    package init() {}

    package func check(_ document: FormDocument) -> RuleCheck {
        let withPurpose = document.form.fields.enumerated().filter { !AuditText.isBlank($0.element.purpose) }
        guard !withPurpose.isEmpty else { return .inapplicable }
        let violations = withPurpose.compactMap { index, field -> Finding? in
            guard let purpose = field.purpose, !InputPurpose.isValid(purpose) else { return nil }
            return info.finding(
                in: document, path: "fields[\(index)].purpose", field: field.id,
                arguments: ["field": field.id, "purpose": purpose])
        }
        return .checked(violations)
    }
}
