/// When a submission starts, the user must hear that it is in progress ("Enviando"), not silence.
package struct BusyAnnouncedRule: TranscriptRule {
    package let info = AuditRuleInfo(
        id: "busy-not-announced", name: "BusyNotAnnounced", criterion: .statusMessages, severity: .serious,
        scope: .transcript)

    package init() {}

    package func check(_ transcript: Transcript) -> RuleCheck {
        let sendings = transcript.sendings
        guard !sendings.isEmpty else { return .inapplicable }
        let violations = sendings.filter(\.busyLines.isEmpty).map {
            info.finding(in: transcript, event: $0.start, field: "submit")
        }
        return .checked(violations)
    }
}
