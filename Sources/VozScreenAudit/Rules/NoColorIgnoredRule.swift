import VozAudit
import VozTerminal

/// With NO_COLOR set a program must not colour its output (no-color.org): colour escapes break braille displays
/// and some screen readers' text. Deciding needs a second run with NO_COLOR=1 (`voz audit --no-color-check`).
package struct NoColorIgnoredRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "no-color-ignored", name: "NoColorIgnored", criterion: nil, severity: .moderate, scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        if let run = timeline.noColorRun {
            guard let place = run.firstColor else { return .checked([]) }
            return .checked([info.finding(in: timeline, at: place, file: run.path)])
        }
        guard let place = timeline.firstColor else { return .checked([]) }
        // NO_COLOR set in the recording itself (`NO_COLOR=1 git diff`, `export NO_COLOR=1`): colour after it.
        if let set = Self.noColorSet(timeline),
            let colored = timeline.events.first(where: {
                $0.place.offset >= set && $0.styled.contains(where: \.style.colored)
            })
        {
            return .checked([info.finding(in: timeline, at: colored.place, file: timeline.path)])
        }
        return RuleCheck(
            applicable: true, violations: [], incomplete: [info.finding(in: timeline, at: place, variant: "unchecked")])
    }

    /// The output offset where a command line of the recording sets NO_COLOR to a value, when one does: the row
    /// the cursor is on when Enter sends it.
    static func noColorSet(_ timeline: ScreenTimeline) -> Int? {
        timeline.personInputs.first { moment in
            guard moment.key == "enter", moment.cursorRow >= 0, moment.cursorRow < moment.screen.count else {
                return false
            }
            let line = moment.screen[moment.cursorRow].text
            guard let range = line.range(of: "NO_COLOR=") else { return false }
            return line[range.upperBound...].first.map { $0 != " " && $0 != "\"" && $0 != "'" } ?? false
        }?.place.offset
    }
}
