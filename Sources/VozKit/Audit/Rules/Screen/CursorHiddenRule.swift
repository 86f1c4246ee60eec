/// A hidden cursor leaves a screen reader (and a magnifier) with nothing to follow while the program waits.
public struct CursorHiddenRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "cursor-hidden", name: "CursorHidden", criterion: .focusVisible, severity: .serious, scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let hid = timeline.events.contains { $0.kind == .cursorHidden }
        guard hid || !timeline.inputs.isEmpty else { return .inapplicable }
        var findings: [Finding] = []
        if let waiting = timeline.inputs.first(where: { !$0.cursorVisible }) {
            let count = timeline.inputs.filter { !$0.cursorVisible }.count
            findings.append(
                info.finding(
                    in: timeline, at: waiting.place, row: waiting.cursorRow, arguments: ["count": String(count)]))
        }
        if !timeline.finalCursorVisible {
            let place = ScreenTimeline.Place(time: timeline.endTime, line: timeline.endLine, offset: 0)
            findings.append(info.finding(in: timeline, at: place, variant: "left", severity: .moderate))
        }
        return .checked(findings)
    }
}
