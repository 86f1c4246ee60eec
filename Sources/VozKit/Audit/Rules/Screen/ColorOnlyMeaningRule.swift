/// The same mark in different colours ("●" green for up, "●" red for down) means something only to those who see
/// colour (WCAG 1.4.1).
public struct ColorOnlyMeaningRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "color-only-meaning", name: "ColorOnlyMeaning", criterion: .useOfColor, severity: .serious,
        scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        guard timeline.firstColor != nil else { return .inapplicable }
        var colors: [String: (Set<Int32>, ScreenEvent)] = [:]
        var reported: Set<String> = []
        var findings: [Finding] = []
        for event in timeline.events where event.kind == .appeared || event.kind == .rewritten {
            for run in event.styled where run.style.foreground >= 0 && !run.style.reverse {
                let mark = run.text.trimmingBlanks
                // Only marks without words: a coloured word still says what it means.
                // Brackets and other ASCII punctuation frame things; the marks that carry meaning are symbols.
                guard !mark.isEmpty, mark.count <= 3, !ScreenText.hasWords(mark),
                    !mark.allSatisfy(ScreenText.isDrawing),
                    mark.unicodeScalars.contains(where: { !$0.isASCII }) || mark == "*"
                else { continue }
                var entry = colors[mark] ?? ([], event)
                entry.0.insert(run.style.foreground)
                colors[mark] = entry
                if entry.0.count >= 2, reported.insert(mark).inserted {
                    findings.append(
                        info.finding(in: timeline, at: event.place, row: event.row, arguments: ["mark": mark]))
                }
            }
        }
        return .checked(findings)
    }
}
