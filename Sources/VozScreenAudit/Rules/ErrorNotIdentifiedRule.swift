import VozAudit
import VozTerminal

/// Refusing an answer without saying what was wrong leaves a listener guessing (WCAG 3.3.1): asking the same
/// question again in silence, a bare "?", a usage line, or a failed exit with nothing said.
package struct ErrorNotIdentifiedRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "error-not-identified", name: "ErrorNotIdentified", criterion: .errorIdentification, severity: .serious,
        scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let (asked, silent) = Self.repeats(timeline)
        var applicable = asked
        var findings = silent.map { current in
            info.finding(
                in: timeline, at: current.place, row: current.cursorRow,
                arguments: ["prompt": current.promptText.trimmingBlanks])
        }
        // What followed each answer decides too, whether or not the question came back.
        for reply in AnswerReply.all(timeline) {
            if reply.saysError { applicable = true }
            guard let refusal = reply.refusal else { continue }
            applicable = true
            switch refusal {
            case .bare(let line):
                findings.append(info.finding(in: timeline, at: line.place, row: line.row, variant: "bare"))
            case .usage(let line):
                findings.append(
                    info.finding(
                        in: timeline, at: line.place, row: line.row, variant: "usage",
                        arguments: ["text": String(line.text.trimmingBlanks.prefix(60))]))
            case .silentExit:
                let place = ScreenTimeline.Place(
                    time: timeline.endTime, line: timeline.endLine, offset: reply.answer.place.offset)
                findings.append(info.finding(in: timeline, at: place, variant: "exit"))
            }
        }
        return applicable ? .checked(findings) : .inapplicable
    }

    /// The answers after which the same question came back with no error said.
    static func silentRepeats(_ timeline: ScreenTimeline) -> [InputMoment] { repeats(timeline).silent }

    /// Whether a question came back after an answer at all, and the times it did with no error said.
    static func repeats(_ timeline: ScreenTimeline) -> (asked: Bool, silent: [InputMoment]) {
        // An Enter alone answers too (the default taken), and a question that came back after it was asked again.
        let asked = PromptMoments.answers(timeline, bareEnters: true)
        var repeated = false
        var silent: [InputMoment] = []
        for (previous, current) in zip(asked, asked.dropFirst()) {
            let prompt = previous.promptText.trimmingBlanks
            // A shell asks for the next command after every one: its prompt coming back refuses nothing.
            guard ScreenText.hasWords(prompt), !ScreenText.isShellPrompt(prompt),
                current.promptText.trimmingBlanks == prompt
            else { continue }
            repeated = true
            let between = timeline.events.filter {
                $0.kind == .appeared && $0.place.offset >= previous.place.offset
                    && $0.place.offset <= current.place.offset
            }
            if between.contains(where: { ScreenText.isErrorLine($0.text) }) { continue }
            // A line said in between, off the answer's own row and not on the screen before (a list's "Added
            // milk.", a refusal in words of its own), answers the answer: the question coming back is the next
            // one, not a silent no.
            let before = Set(previous.screen.map { $0.text.trimmingBlanks })
            // Output from the second answer on starts at its offset: it answers that one, not the first.
            let said = between.contains { event in
                let text = event.text.trimmingBlanks
                return event.place.offset < current.place.offset && event.row != previous.cursorRow
                    && ScreenText.hasWords(text) && !text.hasPrefix(prompt) && !before.contains(text)
            }
            if !said { silent.append(current) }
        }
        return (repeated, silent)
    }
}

/// The inputs that answer a typed-text prompt: the first text typed after the program asked.
enum PromptMoments {
    /// With `bareEnters`, an Enter pressed with nothing typed since the last Enter is an answer too: the empty one.
    static func answers(_ timeline: ScreenTimeline, bareEnters: Bool = false) -> [InputMoment] {
        var result: [InputMoment] = []
        var previousWasText = false
        var previousWasEnter = false
        for moment in timeline.personInputs {
            let isText = moment.key == nil
            if isText && !previousWasText && !moment.alternateScreen { result.append(moment) }
            if bareEnters, moment.key == "enter", previousWasEnter, !moment.alternateScreen { result.append(moment) }
            previousWasText = isText
            previousWasEnter = moment.key == "enter"
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
