/// A row rewritten in place is not announced: a screen reader either stays silent or re-reads the whole row.
public struct RedrawInPlaceRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "redraw-in-place", name: "RedrawInPlace", criterion: .statusMessages, severity: .moderate,
        scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        // A spinner is a row rewritten in place too: spinner-frames says its frames come back, this that nothing
        // announces what the row now says.
        let runs = ScreenUpdates.runs(timeline)
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
