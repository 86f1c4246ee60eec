/// A prompt of only "> " or "? " asks for nothing a listener can name (WCAG 3.3.2).
public struct PromptNoLabelRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "prompt-no-label", name: "PromptNoLabel", criterion: .labelsOrInstructions, severity: .serious,
        scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let asked = PromptMoments.answers(timeline)
        guard !asked.isEmpty else { return .inapplicable }
        // A spinner's or a bar's last frame is not a question, even when it is the last line written.
        let frames = Set(ScreenUpdates.runs(timeline).map { $0.last.text.trimmingBlanks })
        let findings = asked.compactMap { moment -> Finding? in
            let prompt = moment.promptText.trimmingBlanks
            if ScreenText.hasWords(prompt) || ScreenText.isShellPrompt(prompt) { return nil }
            // The last line said above still names the prompt: a line-by-line program asks in a whole line and
            // waits on the next ("Your name:" then "> ").
            let label = moment.lastLineSaid.trimmingBlanks
            // Still on screen, and not a frame erased or redrawn since. A wrapped line spans rows, and a row drops
            // the blank it ended on: compared without blanks.
            let heard = !frames.contains(label) && Self.shows(moment.screen, label)
            if heard, ScreenText.hasWords(label), prompt.isEmpty || label.hasSuffix(":") || label.hasSuffix("?") {
                return nil
            }
            return info.finding(
                in: timeline, at: moment.place, row: moment.cursorRow,
                arguments: ["prompt": moment.promptText.trimmingBlanks])
        }
        return .checked(findings)
    }

    /// Whether the screen shows `line`, however it wrapped.
    static func shows(_ screen: [ScreenRow], _ line: String) -> Bool {
        screen.map(\.text).joined().filter { $0 != " " }.contains(line.filter { $0 != " " })
    }
}
