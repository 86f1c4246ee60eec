import VozAudit
import VozTerminal

/// An error message that does not say how to correct the answer leaves the user to guess (WCAG 3.3.3).
package struct ErrorNoSuggestionRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "error-no-suggestion", name: "ErrorNoSuggestion", criterion: .errorSuggestion, severity: .moderate,
        scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        guard let firstInput = timeline.personInputs.first else { return .inapplicable }
        // Records a program shows (a log's ERROR lines, a listing's descriptions) are not errors it says.
        var errors = timeline.events.filter {
            $0.kind == .appeared && $0.place.offset >= firstInput.place.offset
                && ScreenText.hasWords($0.text) && ScreenText.mentions($0.text, ScreenText.errorWords)
                && !ScreenText.isRecord($0.text)
        }
        // Right after an answer the wider wording counts too ("Validation failed.", "unknown command"), and a bare
        // "?" is an error that suggests nothing.
        for reply in AnswerReply.all(timeline) {
            for line in reply.lines
            where (ScreenText.isErrorLine(line.text) && !ScreenText.isRecord(line.text))
                || line.text.trimmingBlanks == "?"
            {
                guard !errors.contains(where: { $0.place.offset == line.place.offset && $0.row == line.row }),
                    line.text.trimmingBlanks != "?" || reply.refusal == .bare(line)
                else { continue }
                errors.append(line)
            }
        }
        // The question asked again in silence refuses the answer and suggests nothing either.
        let silent = ErrorNotIdentifiedRule.silentRepeats(timeline)
        guard !errors.isEmpty || !silent.isEmpty else { return .inapplicable }
        errors.sort { $0.place.offset < $1.place.offset }
        let unsuggested = errors.filter { !ScreenText.suggestsCorrection($0.text) }.map { event in
            info.finding(
                in: timeline, at: event.place, row: event.row,
                arguments: ["text": String(event.text.trimmingBlanks.prefix(60))])
        }
        let repeated = silent.map { moment in
            info.finding(
                in: timeline, at: moment.place, row: moment.cursorRow,
                arguments: ["text": String(moment.promptText.trimmingBlanks.prefix(60))])
        }
        return .checked(unsuggested + repeated)
    }
}
