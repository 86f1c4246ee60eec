import VozAudit
import VozTerminal

/// A status line pinned outside a scroll region is redrawn where the reading cursor never goes.
package struct StatusLinePinnedRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "status-line-pinned", name: "StatusLinePinned", criterion: .statusMessages, severity: .moderate,
        scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let regions = timeline.events(.scrollRegion)
        guard let first = regions.first else {
            guard let status = Self.bottomStatus(timeline) else { return .checked([]) }
            return .checked([
                info.finding(
                    in: timeline, at: status.place, row: status.row, variant: "bottom",
                    arguments: ["text": String(status.text.trimmingBlanks.prefix(40))])
            ])
        }
        // A full-screen program sets a region for its own layout; fullscreen-layout reports that instead.
        if timeline.events.contains(where: { $0.kind == .alternateScreenOn && $0.place.offset <= first.place.offset }) {
            return .inapplicable
        }
        return .checked([info.finding(in: timeline, at: first.place, row: first.row, arguments: ["rows": first.text])])
    }

    /// A message drawn by cursor positioning on one of the three bottom rows while the program waits rows above
    /// it, then changed or erased there (nano's "[ Read 3 lines ]", a prompt's bottom toolbar saying "Invalid
    /// input"): no scroll region, but the same pinned row where the reading cursor never goes. A key legend is
    /// the layout, not a status.
    static func bottomStatus(_ timeline: ScreenTimeline) -> ScreenEvent? {
        let inputs = timeline.personInputs
        let events = timeline.events
        // One pass each way, so a progress bar redrawn on the bottom row all hour costs its frames, not their square:
        // the last event that changed or erased each row, and the next input after each event, found by moving on.
        var lastChange: [Int: Int] = [:]
        for (index, event) in events.enumerated() where event.kind == .erased || event.kind == .rewritten {
            if let row = event.row { lastChange[row] = index }
        }
        var nextInput = 0
        for (index, event) in events.enumerated() {
            while nextInput < inputs.count, inputs[nextInput].place.offset <= event.place.offset { nextInput += 1 }
            guard let row = event.row, row >= timeline.height - 3, row > 2, nextInput < inputs.count,
                inputs[nextInput].cursorRow < row - 2, let changed = lastChange[row], changed > index,
                event.kind == .rewritten || (event.kind == .appeared && event.previous.allSatisfy { $0 == " " }),
                ScreenText.hasWords(event.text), !ScreenText.hasKeyLegend([ScreenRow(text: event.text)])
            else { continue }
            return event
        }
        return nil
    }
}
