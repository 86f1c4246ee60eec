/// Clearing the screen throws away what the user was reading, without them asking.
public struct ScreenClearedRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "screen-cleared", name: "ScreenCleared", criterion: .changeOnRequest, severity: .moderate,
        scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        var alternate = false
        for event in timeline.events {
            switch event.kind {
            case .alternateScreenOn: alternate = true
            case .alternateScreenOff: alternate = false
            // Inside the alternate screen clearing is the program's own canvas; fullscreen-layout covers it.
            case .cleared where !alternate && event.previous != ScreenEvent.alternateClear:
                // Nothing of the program's was on screen yet: what it wiped was the user's.
                let variant = event.text == "0" ? "start" : "message"
                return .checked([
                    info.finding(in: timeline, at: event.place, variant: variant, arguments: ["rows": event.text])
                ])
            default: break
            }
        }
        return .checked([])
    }
}
