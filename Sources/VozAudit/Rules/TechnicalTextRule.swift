/// Status codes, exception or domain names, URLs, JSON or HTML fragments, stack traces and UUIDs belong in the
/// technical log; spoken, they bury the one thing the user needs to hear.
package struct TechnicalTextRule: TranscriptRule {
    package let info = AuditRuleInfo(
        id: "technical-text-spoken", name: "TechnicalTextSpoken", criterion: .errorIdentification,
        severity: .serious, scope: .transcript)

    package init() {}

    package func check(_ transcript: Transcript) -> RuleCheck {
        let spoken = transcript.spokenEvents
        guard !spoken.isEmpty else { return .inapplicable }
        // A session says the same lines again and again: each distinct line is scanned once.
        var kinds = LineMemo<TechnicalText.Kind?>()
        let violations = spoken.compactMap { index -> Finding? in
            let text = transcript.events[index].text ?? ""
            guard let kind = kinds.verdict(on: text, TechnicalText.find) else { return nil }
            return info.finding(in: transcript, event: index, variant: kind.rawValue, arguments: ["text": text])
        }
        return .checked(violations)
    }
}
