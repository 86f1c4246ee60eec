import VozForm

/// A submission that creates or changes data on a server should let the user hear the form back and confirm
/// before sending (WCAG 3.3.4): `submit.review` set to true.
package struct ReviewStepRule: FormRule {
    package let info = AuditRuleInfo(
        id: "review-step-missing", name: "ReviewStepMissing", criterion: .errorPrevention, severity: .moderate,
        scope: .form)

    package init() {}

    package func check(_ document: FormDocument) -> RuleCheck {
        // Every method a form may use (POST, PUT, PATCH) changes data, so the rule always applies.
        guard !document.form.submit.review else { return .checked([]) }
        return .checked([
            info.finding(
                in: document, path: "submit.review", field: "submit",
                arguments: ["method": document.form.submit.method.rawValue])
        ])
    }
}
