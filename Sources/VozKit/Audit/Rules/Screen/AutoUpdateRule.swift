/// Content that updates on its own for more than five seconds needs a way to pause or hide it (WCAG 2.2.2).
public struct AutoUpdateRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "auto-update-over-5s", name: "AutoUpdateOver5s", criterion: .pauseStopHide, severity: .moderate,
        scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let runs = ScreenUpdates.runs(timeline)
        guard !runs.isEmpty else { return .inapplicable }
        return .checked(
            runs.filter { $0.duration > 5000 }.map { run in
                info.finding(
                    in: timeline, at: run.first.place, row: run.row,
                    arguments: ["duration": AuditMessage.seconds(run.duration, language: .en)])
            })
    }
}
