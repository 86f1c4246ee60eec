/// A row rewritten in place is not announced: a screen reader either stays silent or re-reads the whole row.
public struct RedrawInPlaceRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "redraw-in-place", name: "RedrawInPlace", criterion: .statusMessages, severity: .moderate,
        scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let runs = ScreenUpdates.runs(timeline).filter { !ScreenUpdates.cycles($0) }
        return .checked(
            runs.map { run in
                info.finding(
                    in: timeline, at: run.first.place, row: run.row,
                    variant: run.events.count == 1 ? "once" : "message",
                    arguments: [
                        "count": String(run.events.count), "text": String(run.last.text.trimmingBlanks.prefix(60)),
                    ])
            })
    }
}
