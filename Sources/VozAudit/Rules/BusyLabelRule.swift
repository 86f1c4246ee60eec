import VozForm

/// Progress belongs to the control that caused it: the submit control needs a `busyLabel` ("Enviando") to be
/// called while its request is in flight.
package struct BusyLabelRule: FormRule {
    package let info = AuditRuleInfo(
        id: "submit-busy-label-missing", name: "SubmitBusyLabelMissing", criterion: .statusMessages,
        severity: .moderate, scope: .form)

    package init() {}

    package func check(_ document: FormDocument) -> RuleCheck {
        guard AuditText.isBlank(document.form.submit.busyLabel) else { return .checked([]) }
        return .checked([info.finding(in: document, path: "submit.busyLabel", field: "submit")])
    }
}
