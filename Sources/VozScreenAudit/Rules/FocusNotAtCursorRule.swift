import VozAudit
import VozTerminal

/// Screen readers follow the cursor: a menu that highlights one item while the cursor sits elsewhere is read as
/// blank, or as the wrong item.
package struct FocusNotAtCursorRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "focus-not-at-cursor", name: "FocusNotAtCursor", criterion: .focusOrder, severity: .serious,
        scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        var applicable = false
        var violations: [Finding] = []
        var incomplete: [Finding] = []
        // Answered only by typing, a list is output to read and a question to answer where the cursor waits
        // (update-alternatives' "* 0  /usr/bin/vim", then "type selection number:"): no focus moves along it.
        let keyed = timeline.personInputs.contains { $0.isNavigation || $0.key == "space" }
        for moment in timeline.personInputs {
            // A dialog's current item shares its colours with the focused button: the one list row picked out.
            // A selection is one item of a list: a highlighted row alone (a bottom toolbar saying "Invalid input")
            // selects nothing.
            guard
                let selected = StateByAttributeRule.current(moment.screen)
                    .flatMap({ Self.inList($0, moment.screen) ? $0 : nil })
            else {
                if moment.isNavigation, incomplete.isEmpty {
                    incomplete.append(
                        info.finding(in: timeline, at: moment.place, row: moment.cursorRow, variant: "unknown"))
                }
                continue
            }
            guard keyed || moment.alternateScreen else { continue }
            applicable = true
            guard moment.cursorRow != selected else { continue }
            violations.append(
                info.finding(
                    in: timeline, at: moment.place, row: selected,
                    arguments: [
                        "item": ScreenText.quoted(moment.screen[selected].text),
                        "cursor": String(moment.cursorRow + 1),
                    ]))
        }
        guard applicable || !incomplete.isEmpty else { return .inapplicable }
        // The cursor left behind at each item the selection moves to is one fault: the first finding says it.
        return RuleCheck(applicable: true, violations: Array(violations.prefix(1)), incomplete: incomplete)
    }

    /// Whether a row has a neighbour with words, as the items of a list do.
    static func inList(_ row: Int, _ screen: [ScreenRow]) -> Bool {
        [row - 1, row + 1].contains { $0 >= 0 && $0 < screen.count && ScreenText.hasWords(screen[$0].text) }
    }
}
