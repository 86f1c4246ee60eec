/// Every submission ends with a spoken outcome, and while it lasts the user never waits more than 10 seconds
/// without hearing a line (the outcome, or "Todavía enviando").
package struct OutcomeAnnouncedRule: TranscriptRule {
    package let info = AuditRuleInfo(
        id: "outcome-not-announced", name: "OutcomeNotAnnounced", criterion: .statusMessages, severity: .serious,
        scope: .transcript)

    /// The longest silence allowed while sending, in milliseconds.
    package static let longestSilence = 10_000

    package init() {}

    package func check(_ transcript: Transcript) -> RuleCheck {
        let ended = transcript.sendings.filter { $0.end != nil }
        guard !ended.isEmpty else { return .inapplicable }
        var violations: [Finding] = []
        for sending in ended {
            guard let end = sending.end else { continue }
            guard let outcome = sending.outcomeLines.first else {
                violations.append(
                    info.finding(in: transcript, event: end, field: "submit"))
                continue
            }
            let heard = [sending.start] + sending.busyLines + [outcome]
            for (previous, next) in zip(heard, heard.dropFirst()) {
                // Times come from a file: a doctored one may hold any Int, so the gap saturates, never traps.
                let (difference, overflow) = transcript.events[next].time
                    .subtractingReportingOverflow(transcript.events[previous].time)
                let gap = overflow ? (difference < 0 ? Int.max : Int.min) : difference
                guard gap > Self.longestSilence else { continue }
                violations.append(
                    info.finding(
                        in: transcript, event: next, field: "submit", variant: "silent",
                        arguments: ["gap": String(gap / 1000)]))
            }
        }
        return .checked(violations)
    }
}
