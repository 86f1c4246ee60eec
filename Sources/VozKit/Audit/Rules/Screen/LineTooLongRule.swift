/// A line wider than the terminal wraps mid-word: a screen reader reads the halves as two lines (WCAG 1.4.10).
public struct LineTooLongRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "line-too-long", name: "LineTooLong", criterion: .reflow, severity: .minor, scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let wrapped = timeline.events(.wrappedWord)
        guard let first = wrapped.first else { return .checked([]) }
        return .checked([
            info.finding(
                in: timeline, at: first.place,
                arguments: ["word": first.text, "count": String(wrapped.count), "width": String(timeline.width)])
        ])
    }
}
