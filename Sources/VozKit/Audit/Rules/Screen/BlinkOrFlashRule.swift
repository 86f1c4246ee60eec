/// Blinking text and a flashing screen cannot be paused, distract, and can trigger seizures.
public struct BlinkOrFlashRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "blink-or-flash", name: "BlinkOrFlash", criterion: .pauseStopHide, severity: .serious, scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        var findings: [Finding] = []
        if let blink = timeline.events.first(where: { event in
            (event.kind == .appeared || event.kind == .rewritten) && event.styled.contains { $0.style.blink }
        }) {
            let text = blink.styled.first { $0.style.blink }?.text.trimmingBlanks ?? ""
            findings.append(info.finding(in: timeline, at: blink.place, row: blink.row, arguments: ["text": text]))
        }
        let flashes = timeline.events(.reverseScreen)
        if let flash = flashes.first {
            findings.append(
                info.finding(
                    in: timeline, at: flash.place, variant: "flash", arguments: ["count": String(flashes.count)]))
        }
        return .checked(findings)
    }
}
