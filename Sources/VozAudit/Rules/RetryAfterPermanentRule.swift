/// A permanent failure (a duplicate, a business rule) will fail the same way again: offer a correction, not a
/// retry.
package struct RetryAfterPermanentRule: TranscriptRule {
    package let info = AuditRuleInfo(
        id: "retry-after-permanent", name: "RetryAfterPermanent", criterion: .errorSuggestion, severity: .serious,
        scope: .transcript)

    package init() {}

    package func check(_ transcript: Transcript) -> RuleCheck {
        let permanent = transcript.failures.filter { $0.kind == .permanent }
        guard !permanent.isEmpty else { return .inapplicable }
        let violations = permanent.compactMap { failure -> Finding? in
            guard let offer = RetryOffer.offers(in: transcript, among: failure.followingEvents).first else {
                return nil
            }
            return info.finding(in: transcript, event: offer, arguments: ["text": transcript.events[offer].text ?? ""])
        }
        return .checked(violations)
    }
}
