import VozForm

/// The submit control needs a name saying what it does ("Crear cuenta"); without it the user hears only "button".
package struct SubmitLabelRule: FormRule {
    package let info = AuditRuleInfo(
        id: "submit-label-missing", name: "SubmitLabelMissing", criterion: .nameRoleValue, severity: .critical,
        scope: .form)

    package init() {}

    package func check(_ document: FormDocument) -> RuleCheck {
        guard AuditText.isBlank(document.form.submit.label) else { return .checked([]) }
        return .checked([info.finding(in: document, path: "submit.label", field: "submit")])
    }
}
