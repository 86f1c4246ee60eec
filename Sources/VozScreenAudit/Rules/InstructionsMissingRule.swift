import VozAudit
import VozTerminal

/// A program that waits for arrow keys, Space or Tab must say which keys to use: nothing else tells a listener.
package struct InstructionsMissingRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "instructions-missing", name: "InstructionsMissing", criterion: .labelsOrInstructions,
        severity: .moderate, scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let keyed = timeline.personInputs.filter { $0.isNavigation || $0.key == "space" }
        guard let first = keyed.first else { return .inapplicable }
        // Instructions said before the keys were needed count too, even if they scrolled away.
        let said = timeline.events.lazy.filter { $0.kind == .appeared && $0.place.offset <= first.place.offset }
            .map(\.text)
        let screen = first.screen.map(\.text)
        let explained = (screen + said).contains { ScreenText.mentions($0, ScreenText.instructionWords) }
        if explained || ScreenText.hasKeyLegend(first.screen) { return .checked([]) }
        return .checked([
            info.finding(in: timeline, at: first.place, row: first.cursorRow, arguments: ["key": first.key ?? ""])
        ])
    }
}
