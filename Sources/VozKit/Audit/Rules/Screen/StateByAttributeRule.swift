/// The selected item shown only by reverse video or a background colour is silent: a listener cannot tell which
/// item is selected unless the text says so.
public struct StateByAttributeRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "state-by-attribute-only", name: "StateByAttributeOnly", criterion: .infoAndRelationships,
        severity: .serious, scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        var applicable = false
        var seen: Set<String> = []
        var findings: [Finding] = []
        for moment in timeline.inputs {
            let highlighted = moment.screen.indices.filter {
                moment.screen[$0].hasHighlight && ScreenText.hasWords(moment.screen[$0].text)
            }
            guard highlighted.count == 1, let row = highlighted.first else { continue }
            // A list: a neighbouring row with words, so the highlight picks one item among others.
            let neighbours = [row - 1, row + 1].filter { $0 >= 0 && $0 < moment.screen.count }
            guard neighbours.contains(where: { ScreenText.hasWords(moment.screen[$0].text) }) else { continue }
            applicable = true
            let text = moment.screen[row].trimmed
            let highlight = moment.screen[row].styled.filter { $0.style.highlighted }.map(\.text).joined()
            guard !ScreenText.hasTextualState(text), !ScreenText.hasTextualState(highlight) else { continue }
            guard seen.insert(text).inserted, findings.count < 5 else { continue }
            findings.append(
                info.finding(
                    in: timeline, at: moment.place, row: row,
                    arguments: ["item": String(highlight.trimmingBlanks.prefix(40))]))
        }
        return applicable ? .checked(findings) : .inapplicable
    }
}
