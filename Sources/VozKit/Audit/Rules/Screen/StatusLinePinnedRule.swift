/// A status line pinned outside a scroll region is redrawn where the reading cursor never goes.
public struct StatusLinePinnedRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "status-line-pinned", name: "StatusLinePinned", criterion: .statusMessages, severity: .moderate,
        scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let regions = timeline.events(.scrollRegion)
        guard let first = regions.first else { return .checked([]) }
        // A full-screen program sets a region for its own layout; fullscreen-layout reports that instead.
        if timeline.events.contains(where: { $0.kind == .alternateScreenOn && $0.place.offset <= first.place.offset }) {
            return .inapplicable
        }
        return .checked([info.finding(in: timeline, at: first.place, row: first.row, arguments: ["rows": first.text])])
    }
}
