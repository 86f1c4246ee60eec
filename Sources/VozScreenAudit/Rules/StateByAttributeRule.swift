import VozAudit
import VozTerminal

/// The selected item shown only by reverse video or a background colour is silent: a listener cannot tell which
/// item is selected unless the text says so.
package struct StateByAttributeRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "state-by-attribute-only", name: "StateByAttributeOnly", criterion: .infoAndRelationships,
        severity: .serious, scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        var applicable = false
        var seen: Set<String> = []
        var findings: [Finding] = []
        var listSaid = false
        for moment in timeline.personInputs {
            // The focused one of a row of buttons ("<Yes>  <No>"), on a background the others do not have, while
            // the focus is on the buttons (the cursor on their row): a text field's dialog lights its default
            // button while the cursor is in the field.
            if let (row, button) = Self.focusedButton(moment.screen), row == moment.cursorRow {
                applicable = true
                if seen.insert(button).inserted, findings.count < 5 {
                    findings.append(
                        info.finding(in: timeline, at: moment.place, row: row, arguments: ["item": button]))
                }
            }
            let highlighted = moment.screen.indices.filter {
                moment.screen[$0].hasHighlight && ScreenText.hasWords(moment.screen[$0].text)
            }
            // A full-screen program paints everything on a background: the selection is the one row picked out
            // by reverse video or a background of its own (dialog, whiptail).
            guard let row = highlighted.count == 1 ? highlighted.first : Self.picked(moment.screen) else { continue }
            // A list: a neighbouring row with words, so the highlight picks one item among others.
            let neighbours = [row - 1, row + 1].filter { $0 >= 0 && $0 < moment.screen.count }
            guard neighbours.contains(where: { ScreenText.hasWords(moment.screen[$0].text) }) else { continue }
            // A pager's status line at the foot of the screen ("--More--(4%)", "Manual page ls(1) line 1"),
            // with nothing under it, is lit to stand apart from the page, not to pick an item of a list.
            if Self.isFootLine(row, of: moment.screen) { continue }
            applicable = true
            let text = moment.screen[row].trimmed
            let highlight = Self.highlight(of: moment.screen[row], among: moment.screen)
            guard !ScreenText.hasTextualState(text), !ScreenText.hasTextualState(highlight) else { continue }
            // The selection moving down the list is the same fault at each item: said once a list, at the first.
            guard seen.insert(text).inserted, !listSaid else { continue }
            listSaid = true
            findings.append(
                info.finding(
                    in: timeline, at: moment.place, row: row,
                    arguments: ["item": ScreenText.quoted(highlight)]))
        }
        return applicable ? .checked(findings) : .inapplicable
    }

    /// Whether `row` is in the screen's last two rows with no words under it.
    static func isFootLine(_ row: Int, of screen: [ScreenRow]) -> Bool {
        guard row >= screen.count - 2 else { return false }
        return !screen.indices.contains(row + 1) || !ScreenText.hasWords(screen[row + 1].text)
    }

    /// The row a list shows as its current one: a pointer's (`> item`), else the one picked out by attribute.
    static func current(_ screen: [ScreenRow]) -> Int? {
        ScreenText.selectedRow(screen) ?? picked(screen).flatMap { isFootLine($0, of: screen) ? nil : $0 }
    }

    /// The row a selection picks out by attribute alone, when there is one.
    static func picked(_ screen: [ScreenRow]) -> Int? {
        if let row = ScreenText.selectedRow(screen), screen[row].hasHighlight,
            screen[row].styled.contains(where: { $0.style.highlighted && ScreenText.hasWords($0.text) })
        {
            return row
        }
        // A menu drawn among buttons and a title on the same colours: among the rows of a list (a neighbour with
        // words), the one whose words stand on a background no other list row uses.
        let listed = screen.indices.filter { index in
            [index - 1, index + 1].contains { $0 >= 0 && $0 < screen.count && ScreenText.hasWords(screen[$0].text) }
        }
        var rowsByBackground: [Int32: Set<Int>] = [:]
        for index in listed {
            for run in screen[index].styled where run.style.background >= 0 && ScreenText.hasWords(run.text) {
                rowsByBackground[run.style.background, default: []].insert(index)
            }
        }
        let unique = rowsByBackground.values.filter { $0.count == 1 }.compactMap(\.first)
        return unique.count == 1 && rowsByBackground.count > 1 ? unique[0] : nil
    }

    /// The row and text of the one button of a button row drawn on a background the row's other buttons do not
    /// share, when a row holds two buttons or more (`<Ok>`, `< Cancel >`).
    static func focusedButton(_ screen: [ScreenRow]) -> (Int, String)? {
        for (index, row) in screen.enumerated() where row.text.filter({ $0 == "<" }).count >= 2 {
            // Cells of one background belong together: dialog colours a button's letters apart from its brackets.
            var pieces: [(text: String, background: Int32, highlighted: Bool)] = []
            var end = -1
            for run in row.styled {
                if let last = pieces.last, last.background == run.style.background, run.column == end {
                    pieces[pieces.count - 1].text += run.text
                } else {
                    pieces.append((run.text, run.style.background, run.style.highlighted))
                }
                end = run.column + run.text.count
            }
            let buttons = Self.buttons(in: row.text)
            guard buttons.count >= 2 else { continue }
            let lit = pieces.filter { piece in
                let text = piece.text.trimmingBlanks
                return piece.highlighted && text.hasPrefix("<") && text.hasSuffix(">") && ScreenText.hasWords(text)
            }
            guard lit.count == 1, let focused = lit.first else { continue }
            let others = pieces.filter { $0.background == focused.background && $0.text != focused.text }
            guard others.allSatisfy({ !ScreenText.hasWords($0.text) }) else { continue }
            return (index, focused.text.trimmingBlanks)
        }
        return nil
    }

    /// The `<…>` buttons of a row's text.
    static func buttons(in text: String) -> [String] {
        var found: [String] = []
        var current: String?
        for character in text {
            if character == "<" {
                current = ""
            } else if character == ">", let button = current {
                if ScreenText.hasWords(button), button.count <= 20 { found.append(button) }
                current = nil
            } else {
                current?.append(character)
            }
        }
        return found
    }

    /// The words drawn highlighted on the row: in reverse video, else on a background other rows of the list do
    /// not share.
    static func highlight(of row: ScreenRow, among screen: [ScreenRow]) -> String {
        let runs = row.styled.filter { $0.style.highlighted && ScreenText.hasWords($0.text) }
        let reversed = runs.filter(\.style.reverse)
        if !reversed.isEmpty { return reversed.map(\.text).joined() }
        let others = screen.filter { $0 != row }.flatMap(\.styled).filter { ScreenText.hasWords($0.text) }
        let shared = Set(others.map(\.style.background))
        let own = runs.filter { !shared.contains($0.style.background) }
        return (own.isEmpty ? runs : own).map(\.text).joined()
    }
}
