import VozAudit
import VozTerminal

/// The same mark in different colours ("●" green for up, "●" red for down), or items of a listing told apart
/// only by colour (directories blue in `ls`), mean something only to those who see colour (WCAG 1.4.1).
package struct ColorOnlyMeaningRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "color-only-meaning", name: "ColorOnlyMeaning", criterion: .useOfColor, severity: .serious,
        scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        guard timeline.firstColor != nil else { return .inapplicable }
        return .checked(marks(timeline) + items(timeline) + selection(timeline))
    }

    /// A list's current item told apart only by a background colour, as a menu moves it (dialog, whiptail) or as
    /// a monitor shows it while waiting for a key (htop): reverse video is not colour, and state-by-attribute-only
    /// says what a listener misses; this is what a person who does not see the colour misses. One finding, at the
    /// first key.
    private func selection(_ timeline: ScreenTimeline) -> [Finding] {
        for moment in timeline.personInputs {
            let screen = moment.screen
            // Buttons are words; the focused one is state-by-attribute-only's ("<Yes>  <No>"). A row alone (a
            // bottom toolbar saying "Invalid input") is no list's item.
            guard let row = StateByAttributeRule.picked(screen),
                StateByAttributeRule.buttons(in: screen[row].text).isEmpty, FocusNotAtCursorRule.inList(row, screen)
            else { continue }
            let runs = screen[row].styled.filter { $0.style.highlighted && ScreenText.hasWords($0.text) }
            guard !runs.isEmpty, runs.allSatisfy({ !$0.style.reverse && $0.style.background >= 0 }) else { continue }
            let highlight = StateByAttributeRule.highlight(of: screen[row], among: screen)
            // A checklist's "[*]" says the item is ticked, not that it is the current one, when other rows are
            // ticked too: a textual state marks the selection only when no other row shows it.
            let marked = ScreenText.hasTextualState(screen[row].trimmed) || ScreenText.hasTextualState(highlight)
            let shared = screen.indices.contains { index in
                index != row && ScreenText.hasWords(screen[index].text)
                    && ScreenText.hasTextualState(String(screen[index].text.filter { !ScreenText.isDrawing($0) }))
            }
            guard !marked || shared else { continue }
            return [
                info.finding(
                    in: timeline, at: moment.place, row: row, variant: "words",
                    arguments: ["words": ScreenText.quoted(highlight)])
            ]
        }
        return []
    }

    /// Marks without words that come in two or more colours.
    private func marks(_ timeline: ScreenTimeline) -> [Finding] {
        var colors: [String: (Set<Int32>, ScreenEvent)] = [:]
        var reported: Set<String> = []
        var findings: [Finding] = []
        for event in timeline.events where event.kind == .appeared || event.kind == .rewritten {
            for run in event.styled where run.style.foreground >= 0 && !run.style.reverse {
                let mark = run.text.trimmingBlanks
                // Only marks without words: a coloured word is judged as a listing's item.
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
        return findings
    }

    /// Coloured items of a listing that nothing but their colour sets apart, one finding a chunk of output, at
    /// most three. A full-screen program's colours are its layout, which fullscreen-layout reports.
    private func items(_ timeline: ScreenTimeline) -> [Finding] {
        var findings: [Finding] = []
        var alternate = false
        var index = 0
        let events = timeline.events
        while index < events.count, findings.count < 3 {
            var end = index
            while end < events.count, events[end].place.offset == events[index].place.offset {
                if events[end].kind == .alternateScreenOn { alternate = true }
                if events[end].kind == .alternateScreenOff { alternate = false }
                end += 1
            }
            let chunk = events[index..<end]
            index = end
            guard !alternate, chunk.contains(where: { !$0.styled.isEmpty }) else { continue }
            let unmarked = ColoredItems.unmarked(chunk)
            guard let first = unmarked.first, let event = chunk.first(where: { $0.row == first.row }) else { continue }
            let words = unmarked.prefix(3).map(\.text).joined(separator: ", ")
            findings.append(
                info.finding(
                    in: timeline, at: event.place, row: first.row, variant: "words", arguments: ["words": words]))
        }
        return findings
    }
}
