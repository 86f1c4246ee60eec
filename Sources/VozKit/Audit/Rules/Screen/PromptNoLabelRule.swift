/// A prompt of only "> " or "? " asks for nothing a listener can name (WCAG 3.3.2).
public struct PromptNoLabelRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "prompt-no-label", name: "PromptNoLabel", criterion: .labelsOrInstructions, severity: .serious,
        scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let asked = PromptMoments.answers(timeline)
        guard !asked.isEmpty else { return .inapplicable }
        let findings = asked.compactMap { moment -> Finding? in
            if ScreenText.hasWords(moment.promptText) { return nil }
            // A label on the line above ("Your name:" then "> ") still names the prompt.
            let above = moment.cursorRow > 0 ? moment.screen[moment.cursorRow - 1].trimmed : ""
            if ScreenText.hasWords(above), above.hasSuffix(":") || above.hasSuffix("?") { return nil }
            return info.finding(
                in: timeline, at: moment.place, row: moment.cursorRow,
                arguments: ["prompt": moment.promptText.trimmingBlanks])
        }
        return .checked(findings)
    }
}
