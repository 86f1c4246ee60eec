import VozAudit
import VozTerminal

/// Content that updates on its own for more than five seconds needs a way to pause or hide it (WCAG 2.2.2).
package struct AutoUpdateRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "auto-update-over-5s", name: "AutoUpdateOver5s", criterion: .pauseStopHide, severity: .moderate,
        scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let runs = ScreenUpdates.runs(timeline)
        guard !runs.isEmpty else { return .inapplicable }
        return .checked(
            runs.compactMap { run in
                // The row moves from the moment its first state is shown, not from its first rewrite: a monitor
                // that redraws every 1.5 s has updated for 6 s by its fourth redraw.
                let duration = run.last.place.time - Self.shown(run, in: timeline)
                guard duration > 5000 else { return nil }
                return info.finding(
                    in: timeline, at: run.first.place, row: run.row,
                    arguments: ["duration": AuditMessage.seconds(duration, language: .en)])
            })
    }

    /// When the row's text before the run's first rewrite appeared: the first text written on it since it was
    /// last rewritten, erased or cleared. The first rewrite's own time when nothing is found.
    static func shown(_ run: ScreenUpdates.Run, in timeline: ScreenTimeline) -> Int {
        var start: Int?
        for event in timeline.events {
            if event.place.offset >= run.first.place.offset { break }
            if event.kind == .cleared { start = nil }
            guard event.row == run.row else { continue }
            switch event.kind {
            case .appeared: start = start ?? event.place.time
            case .rewritten, .erased: start = nil
            default: break
            }
        }
        return start ?? run.first.place.time
    }
}
