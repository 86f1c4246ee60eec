import VozAudit
import VozTerminal

/// A row rewritten in place is not announced: a screen reader either stays silent or re-reads the whole row.
package struct RedrawInPlaceRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "redraw-in-place", name: "RedrawInPlace", criterion: .statusMessages, severity: .moderate,
        scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        // A spinner is a row rewritten in place too: spinner-frames says its frames come back, this that nothing
        // announces what the row now says.
        let runs = ScreenUpdates.runs(timeline).filter { !Self.isDrawing($0, in: timeline) }
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

    /// Milliseconds within which the rewrites of a row, counted from its first write, are still the program
    /// drawing it (a menu's pointer put on its first entry, npx's three start-up frames), not updates to hear.
    static let drawing = 500

    static func isDrawing(_ run: ScreenUpdates.Run, in timeline: ScreenTimeline) -> Bool {
        guard run.last.place.time - run.first.place.time < drawing else { return false }
        // Back from the run's first rewrite (events are in output order) to the row's last write before it.
        let events = timeline.events
        var low = 0
        var high = events.count
        while low < high {
            let middle = (low + high) / 2
            if events[middle].place.offset < run.first.place.offset { low = middle + 1 } else { high = middle }
        }
        var start = run.first.place.time
        for event in events[..<low].reversed() {
            // Written longer ago than that: the row was there already, and these rewrites update it.
            if run.first.place.time - event.place.time >= drawing { return false }
            if event.row == run.row && (event.kind == .appeared || event.kind == .rewritten) {
                start = event.place.time
                break
            }
        }
        return run.last.place.time - start < drawing
    }
}
