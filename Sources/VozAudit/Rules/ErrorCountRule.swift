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
            // Errors the server sent on things the form does not have are said too, as general errors, and counted
            // with the fields' ("There are 8 errors": 5 fields, 3 general): the failure's own sentence may say a
            // count above the fields', never below.
            let announcements = failure.followingEvents.filter { transcript.events[$0].kind == .announcement }
            let said = announcements.enumerated().contains { position, index in
                let text = transcript.events[index].text ?? ""
                if Self.states(count: count, in: text) { return true }
                return position == 0
                    && (count + 1...count + Self.beyondFields).contains { Self.states(count: $0, in: text) }
            }
            guard !said else { return nil }
            return info.finding(in: transcript, event: failure.index, arguments: ["count": String(count)])
        }
        return .checked(violations)
    }

    /// How many errors beyond the fields' a failure's count may hold.
    static let beyondFields = 10

    /// Whether `text` says the number `count`, in digits or in words.
    static func states(count: Int, in text: String) -> Bool {
        AuditText.containsAnyPhrase(text, [String(count)] + (numberWords[count] ?? []))
    }
}
