/// A choice made only with arrow keys gives a screen reader no name, role or value to read; numbered options
/// that can be typed do.
public struct ArrowKeyChoiceRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "arrow-key-choice", name: "ArrowKeyChoice", criterion: .nameRoleValue, severity: .moderate,
        scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let arrows = timeline.personInputs.filter { ["up", "down", "left", "right"].contains($0.key ?? "") }
        guard let first = arrows.first else { return .inapplicable }
        if ScreenText.hasNumberedOptions(first.screen) { return .checked([]) }
        let offersTyping = ScreenText.mentions(
            first.screen.map(\.text).joined(separator: "\n"),
            ["type the number", "type a number", "or type", "escribe el número", "escribe su número"])
        if offersTyping { return .checked([]) }
        return .checked([
            info.finding(
                in: timeline, at: first.place, row: first.cursorRow, arguments: ["count": String(arrows.count)])
        ])
    }
}
