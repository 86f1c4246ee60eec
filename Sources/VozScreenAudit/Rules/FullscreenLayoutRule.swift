import VozAudit
import VozTerminal

/// A full-screen program (the alternate screen) lays text out by position: a screen reader reads it as a grid of
/// fragments, and everything vanishes from the scrollback when it exits.
package struct FullscreenLayoutRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "fullscreen-layout", name: "FullscreenLayout", criterion: .meaningfulSequence, severity: .moderate,
        scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        guard let first = timeline.events.first(where: { $0.kind == .alternateScreenOn }) else { return .checked([]) }
        return .checked([info.finding(in: timeline, at: first.place)])
    }
}
