/// An error message that does not say how to correct the answer leaves the user to guess (WCAG 3.3.3).
public struct ErrorNoSuggestionRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "error-no-suggestion", name: "ErrorNoSuggestion", criterion: .errorSuggestion, severity: .moderate,
        scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        guard let firstInput = timeline.inputs.first else { return .inapplicable }
        var applicable = false
        var findings: [Finding] = []
        for event in timeline.events
        where event.kind == .appeared && event.place.offset >= firstInput.place.offset
            && ScreenText.mentions(event.text, ScreenText.errorWords)
        {
            applicable = true
            guard !ScreenText.mentions(event.text, ScreenText.suggestionWords) else { continue }
            findings.append(
                info.finding(
                    in: timeline, at: event.place, row: event.row,
                    arguments: ["text": String(event.text.trimmingBlanks.prefix(60))]))
        }
        return applicable ? .checked(findings) : .inapplicable
    }
}
