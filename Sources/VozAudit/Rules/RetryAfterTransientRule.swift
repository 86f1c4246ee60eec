/// A transient failure (timeout, no connection, 5xx) may succeed on a retry of the same data: the user must hear
/// that they can retry, and how.
package struct RetryAfterTransientRule: TranscriptRule {
    package let info = AuditRuleInfo(
        id: "retry-missing-after-transient", name: "RetryMissingAfterTransient", criterion: .errorSuggestion,
        severity: .serious, scope: .transcript)

    package init() {}

    package func check(_ transcript: Transcript) -> RuleCheck {
        let transient = transcript.failures.filter { $0.kind == .transient }
        guard !transient.isEmpty else { return .inapplicable }
        let violations = transient.compactMap { failure -> Finding? in
            guard RetryOffer.offers(in: transcript, among: failure.followingEvents).isEmpty else { return nil }
            return info.finding(in: transcript, event: failure.index, field: "submit")
        }
        return .checked(violations)
    }
}
