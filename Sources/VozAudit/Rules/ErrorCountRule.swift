/// After a failed submission with field errors, the user hears how many there are before hearing the first one.
package struct ErrorCountRule: TranscriptRule {
    package let info = AuditRuleInfo(
        id: "error-count-not-announced", name: "ErrorCountNotAnnounced", criterion: .statusMessages,
        severity: .moderate, scope: .transcript)

    package init() {}

    /// The numbers 1 to 10 in words, in every language ("un", "one", "deux", "zwei"…).
    static let numberWords: [Int: [String]] = Dictionary(
        uniqueKeysWithValues: (1...10).map { ($0, AuditWords.phrases("audit.words.number.\($0)")) })

    package func check(_ transcript: Transcript) -> RuleCheck {
        let withFields = transcript.failures.filter { !$0.fields.isEmpty }
        guard !withFields.isEmpty else { return .inapplicable }
        let violations = withFields.compactMap { failure -> Finding? in
            let count = failure.fields.count
            let said = failure.followingEvents.contains { index in
                let event = transcript.events[index]
                return event.kind == .announcement && Self.states(count: count, in: event.text ?? "")
            }
            guard !said else { return nil }
            return info.finding(in: transcript, event: failure.index, arguments: ["count": String(count)])
        }
        return .checked(violations)
    }

    /// Whether `text` says the number `count`, in digits or in words.
    static func states(count: Int, in text: String) -> Bool {
        AuditText.containsAnyPhrase(text, [String(count)] + (numberWords[count] ?? []))
    }
}
