import VozAudit
import VozTerminal

/// A choice made only with arrow keys gives a screen reader no name, role or value to read; numbered options
/// that can be typed do.
package struct ArrowKeyChoiceRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "arrow-key-choice", name: "ArrowKeyChoice", criterion: .nameRoleValue, severity: .moderate,
        scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let (choosing, arrowCount) = Self.choosing(timeline)
        guard let first = choosing.first else { return .inapplicable }
        if ScreenText.hasNumberedOptions(first.screen) { return .checked([]) }
        let offersTyping = ScreenText.mentions(
            first.screen.map(\.text).joined(separator: "\n"),
            ["type the number", "type a number", "or type", "escribe el número", "escribe su número"])
        if offersTyping { return .checked([]) }
        // No arrow was pressed: the list was offered, and left with another key.
        return .checked([
            info.finding(
                in: timeline, at: first.place, row: first.cursorRow, variant: arrowCount == 0 ? "offered" : "message",
                arguments: ["count": String(arrowCount)])
        ])
    }

    /// The keys that moved a choice (prompt-no-label reads them too), and how many arrow or Tab keys were sent.
    static func choosing(_ timeline: ScreenTimeline) -> (moments: [InputMoment], arrows: Int) {
        let inputs = timeline.personInputs
        // Tab chooses too when it moves the focus along a row of buttons (whiptail's "<Yes>  <No>"), not when it
        // leaves a text field for them.
        let arrows = inputs.indices.filter { index in
            let moment = inputs[index]
            if ["up", "down", "left", "right"].contains(moment.key ?? "") { return true }
            return moment.key == "tab" && StateByAttributeRule.focusedButton(moment.screen)?.0 == moment.cursorRow
        }
        // Arrows that only move the cursor through text (an editor) choose nothing: a choice shows a selection,
        // or moves what is shown.
        let choosing = arrows.filter { index in
            // The screen after the program ended says nothing about the key: only the next input's counts.
            let moved = index + 1 < inputs.count && inputs[index + 1].screen != inputs[index].screen
            return moved || ScreenText.selectedRow(inputs[index].screen) != nil
        }
        // A list with a current item brought up by a key (htop's F6 "Sort by") is a choice waiting for arrows,
        // whatever key then leaves it.
        let arrowSet = Set(arrows)
        let offered = inputs.indices.dropFirst().filter { index in
            let screen = inputs[index].screen
            guard !arrowSet.contains(index),
                let row = StateByAttributeRule.current(screen),
                FocusNotAtCursorRule.inList(row, screen), StateByAttributeRule.buttons(in: screen[row].text).isEmpty
            else { return false }
            let before = inputs[index - 1].screen
            // Text typed on that row and echoed there is an answer written, not a list a key brought up.
            let typedThere = inputs[index - 1].key == nil && inputs[index - 1].cursorRow == row
            return !typedThere && row < before.count && before[row].text != screen[row].text
                && StateByAttributeRule.current(before) != row
        }
        return ((choosing + offered).sorted().map { inputs[$0] }, arrows.count)
    }
}
