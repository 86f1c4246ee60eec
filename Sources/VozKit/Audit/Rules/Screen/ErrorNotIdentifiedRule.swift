/// Asking the same question again without saying what was wrong leaves a listener guessing (WCAG 3.3.1).
public struct ErrorNotIdentifiedRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "error-not-identified", name: "ErrorNotIdentified", criterion: .errorIdentification, severity: .serious,
        scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let asked = PromptMoments.answers(timeline)
        var applicable = false
        var findings: [Finding] = []
        for (previous, current) in zip(asked, asked.dropFirst()) {
            let prompt = previous.promptText.trimmingBlanks
            guard ScreenText.hasWords(prompt), current.promptText.trimmingBlanks == prompt else { continue }
            applicable = true
            let between = timeline.events.filter {
                $0.kind == .appeared && $0.place.offset >= previous.place.offset
                    && $0.place.offset <= current.place.offset
            }
            let said = between.contains { ScreenText.mentions($0.text, ScreenText.errorWords) }
            if !said {
                findings.append(
                    info.finding(in: timeline, at: current.place, row: current.cursorRow, arguments: ["prompt": prompt])
                )
            }
        }
        return applicable ? .checked(findings) : .inapplicable
    }
}

/// The inputs that answer a typed-text prompt: the first text typed after the program asked.
enum PromptMoments {
    static func answers(_ timeline: ScreenTimeline) -> [InputMoment] {
        var result: [InputMoment] = []
        var previousWasText = false
        for moment in timeline.inputs {
            let isText = moment.key == nil
            if isText && !previousWasText && !moment.alternateScreen { result.append(moment) }
            previousWasText = isText
        }
        return result
    }

    /// What a listener last heard before the program waited: the prompt before the cursor when it has words,
    /// else the last line the program wrote (a line-by-line program asks in a whole line and waits on the next).
    static func label(of moment: InputMoment) -> String {
        let prompt = moment.promptText.trimmingBlanks
        return ScreenText.hasWords(prompt) ? prompt : moment.lastLineSaid.trimmingBlanks
    }
}
