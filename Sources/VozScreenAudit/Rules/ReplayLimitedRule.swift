import VozAudit
import VozTerminal

/// What the replay could not hold is not audited: a person must check it. Voz replays at most
/// `ScreenReplay.maximumColumns` by `ScreenReplay.maximumRows`, and its guard drops control sequences the
/// terminal emulator cannot hold (`TerminalGuard`), and a live recording keeps at most
/// `TerminalRecorder.outputLimit` bytes of output; each kind is said once, where it was first met.
package struct ReplayLimitedRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "replay-limited", name: "ReplayLimited", criterion: nil, severity: .minor, scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let incomplete = timeline.limits.map { limit in
            switch limit.kind {
            case .screen:
                return info.finding(
                    in: timeline, at: limit.place, variant: "screen",
                    arguments: [
                        "width": String(limit.recordedWidth), "height": String(limit.recordedHeight),
                        "columns": String(timeline.width), "rows": String(timeline.height),
                    ])
            case .output:
                return info.finding(
                    in: timeline, at: limit.place, variant: "output",
                    arguments: ["kilobytes": String(limit.place.offset / 1024)])
            case .sequence, .string:
                return info.finding(
                    in: timeline, at: limit.place, variant: limit.kind.rawValue,
                    arguments: ["count": String(limit.count)])
            }
        }
        return RuleCheck(applicable: true, violations: [], incomplete: incomplete)
    }
}
