/// A permanent failure (a duplicate, a business rule) will fail the same way again: offer a correction, not a
/// retry.
public struct RetryAfterPermanentRule: TranscriptRule {
    public let info = AuditRuleInfo(
        id: "retry-after-permanent", name: "RetryAfterPermanent", criterion: .errorSuggestion, severity: .serious,
        scope: .transcript)

    public init() {}

    public func check(_ transcript: Transcript) -> RuleCheck {
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
