/// A busy state must end: with the outcome, a failure or a cancellation. A transcript that stops while sending
/// left the user waiting with no word.
package struct BusyEndedRule: TranscriptRule {
    package let info = AuditRuleInfo(
        id: "busy-never-ended", name: "BusyNeverEnded", criterion: .statusMessages, severity: .serious,
        scope: .transcript)

    package init() {}

    package func check(_ transcript: Transcript) -> RuleCheck {
        let sendings = transcript.sendings
        guard !sendings.isEmpty else { return .inapplicable }
        let violations = sendings.filter { $0.end == nil }.map {
            info.finding(in: transcript, event: $0.start, field: "submit")
        }
        return .checked(violations)
    }
}
