import VozAudit
import VozTerminal

/// A hidden cursor leaves a screen reader (and a magnifier) with nothing to follow while the program waits; hidden
/// through a stretch of output, it leaves braille displays and review cursors that follow it behind.
package struct CursorHiddenRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "cursor-hidden", name: "CursorHidden", criterion: .focusVisible, severity: .serious, scope: .recording)

    package init() {}

    /// How long the cursor must stay hidden through output for a follower to lose it: a program hiding it for a
    /// redraw of a few milliseconds is not reported.
    static let outputStretch = 1000

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let inputs = timeline.personInputs
        let hid = timeline.events.contains { $0.kind == .cursorHidden }
        guard hid || !inputs.isEmpty else { return .inapplicable }
        var findings: [Finding] = []
        let waiting = inputs.filter { !$0.cursorVisible }
        if let first = waiting.first {
            findings.append(
                info.finding(
                    in: timeline, at: first.place, row: first.cursorRow, arguments: ["count": String(waiting.count)]))
        }
        if !timeline.finalCursorVisible {
            let place = ScreenTimeline.Place(time: timeline.endTime, line: timeline.endLine, offset: 0)
            findings.append(info.finding(in: timeline, at: place, variant: "left", severity: .moderate))
        }
        if findings.isEmpty, let stretch = Self.hiddenThroughOutput(timeline) {
            findings.append(
                info.finding(
                    in: timeline, at: stretch.place, variant: "output",
                    arguments: ["duration": AuditMessage.seconds(stretch.duration, language: .en)],
                    severity: .minor))
        }
        return .checked(findings)
    }

    /// The first stretch of at least `outputStretch` ms during which the cursor was hidden and the program wrote.
    static func hiddenThroughOutput(_ timeline: ScreenTimeline) -> (place: ScreenTimeline.Place, duration: Int)? {
        var hiddenAt: ScreenTimeline.Place?
        var wrote = false
        for event in timeline.events {
            switch event.kind {
            case .cursorHidden where hiddenAt == nil:
                hiddenAt = event.place
                wrote = false
            case .cursorShown:
                if let start = hiddenAt, wrote, event.place.time - start.time >= outputStretch {
                    return (start, event.place.time - start.time)
                }
                hiddenAt = nil
            case .appeared, .rewritten:
                wrote = true
            default: break
            }
        }
        return nil
    }
}
