/// A prompt that gives up when the user is slow shuts out people who type or listen slowly (WCAG 2.2.1).
public struct InputTimeoutRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "input-timeout", name: "InputTimeout", criterion: .timingAdjustable, severity: .serious, scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let timedOut = timeline.events.first {
            $0.kind == .appeared && ScreenText.mentions($0.text, ScreenText.timeoutWords)
        }
        guard let event = timedOut else { return .checked([]) }
        return .checked([
            info.finding(
                in: timeline, at: event.place, row: event.row,
                arguments: ["text": String(event.text.trimmingBlanks.prefix(60))])
        ])
    }
}
