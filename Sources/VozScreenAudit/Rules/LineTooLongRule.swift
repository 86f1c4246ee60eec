import VozAudit
import VozTerminal

/// A line wider than the terminal wraps mid-word: a screen reader reads the halves as two lines, and a braille user
/// pans through every wrapped line (WCAG 1.4.10). Prose the terminal reflows is left alone.
package struct LineTooLongRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "line-too-long", name: "LineTooLong", criterion: .reflow, severity: .minor, scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let wrapped = timeline.events(.wrappedWord).filter { !Self.isProse($0.previous) }
        guard let first = wrapped.first else { return .checked([]) }
        return .checked([
            info.finding(
                in: timeline, at: first.place,
                arguments: ["word": first.text, "count": String(wrapped.count), "width": String(timeline.width)])
        ])
    }

    /// Whether a line is prose: words and numbers with their punctuation, one space apart, four tokens in five;
    /// not columns (runs of spaces) nor paths, versions and addresses, which break apart when wrapped.
    static func isProse(_ line: String) -> Bool {
        var gaps = 0
        var spaces = 0
        for character in line {
            spaces = character == " " ? spaces + 1 : 0
            if spaces == 2 { gaps += 1 }
        }
        guard gaps < 2 else { return false }
        let tokens = line.split(separator: " ")
        guard !tokens.isEmpty else { return false }
        let words = tokens.filter { token in
            let core = token.drop { "\"'(¿¡«:".contains($0) }.reversed().drop { ",.;:!?\"')»".contains($0) }
            // Numbers in a sentence are prose ("up to 100 characters"); versions and paths are not.
            return !core.isEmpty && core.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "'" }
        }
        return words.count * 5 >= tokens.count * 4
    }
}
