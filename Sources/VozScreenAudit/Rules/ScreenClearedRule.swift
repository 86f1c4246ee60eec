import VozAudit
import VozTerminal

/// Clearing the screen throws away what the user was reading, without them asking.
package struct ScreenClearedRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "screen-cleared", name: "ScreenCleared", criterion: .changeOnRequest, severity: .moderate,
        scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        // Inside the alternate screen clearing is the program's own canvas; fullscreen-layout covers it.
        if let clear = timeline.events.first(where: { $0.kind == .cleared && !$0.onAlternateScreen }) {
            // Nothing of the program's was on screen yet: what it wiped was the user's.
            let variant = clear.text == "0" ? "start" : "message"
            return .checked([
                info.finding(in: timeline, at: clear.place, variant: variant, arguments: ["rows": clear.text])
            ])
        }
        return .checked([])
    }
}
