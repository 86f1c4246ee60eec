import VozAudit
import VozTerminal

/// A spinner redrawn frame after frame makes a screen reader read every frame ("braille pattern dots 1 2 3…").
package struct SpinnerFramesRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "spinner-frames", name: "SpinnerFrames", criterion: .pauseStopHide, severity: .serious, scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let runs = ScreenUpdates.runs(timeline).filter(ScreenUpdates.cycles)
        return .checked(
            runs.map { run in
                info.finding(
                    in: timeline, at: run.first.place, row: run.row, arguments: ["count": String(run.events.count)])
            })
    }
}
