/// With NO_COLOR set a program must not colour its output (no-color.org): colour escapes break braille displays
/// and some screen readers' text. Deciding needs a second run with NO_COLOR=1 (`voz audit --no-color-check`).
public struct NoColorIgnoredRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "no-color-ignored", name: "NoColorIgnored", criterion: nil, severity: .moderate, scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        if let run = timeline.noColorRun {
            guard let place = run.firstColor else { return .checked([]) }
            return .checked([info.finding(in: timeline, at: place, file: run.path)])
        }
        guard let place = timeline.firstColor else { return .checked([]) }
        return RuleCheck(
            applicable: true, violations: [], incomplete: [info.finding(in: timeline, at: place, variant: "unchecked")])
    }
}
