import VozAudit
import VozTerminal

/// After progress or a spinner, what a listener hears last must say the work finished: a line saying so, or the
/// final frame kept on its own line saying it ("100%", "70/70", "Done"). The last redraw of a bar stopped short,
/// or an unrelated line after it, says nothing about the state.
package struct CompletionNotAnnouncedRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "completion-not-announced", name: "CompletionNotAnnounced", criterion: .statusMessages,
        severity: .serious, scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let progress = ScreenUpdates.runs(timeline).filter { Self.isProgress($0, in: timeline) }
        guard let last = progress.map(\.last).max(by: { $0.place.offset < $1.place.offset }),
            let start = timeline.events.lastIndex(of: last)
        else { return .inapplicable }
        var said: [String] = []
        var finalFrame = last.text
        var kept = true
        for event in timeline.events[(start + 1)...] {
            switch event.kind {
            case .rewritten where ScreenText.isNewMessage(old: event.previous, new: event.text):
                said.append(event.text)
            case .appeared where event.row == last.row && !event.previous.allSatisfy({ $0 == " " }):
                // Words added to the bar itself ("… done") are part of its final frame.
                if kept { finalFrame += event.text }
            case .appeared where ScreenText.hasWords(event.text):
                said.append(event.text)
            case .erased where event.row == last.row, .cleared:
                kept = false
            default: break
            }
        }
        // The final frame left on screen saying it finished announced the end; later lines are later work (apt's
        // next phase). Otherwise a line said after the progress must say it.
        // A frame stopped short ("60% copied", "3/40") says it is not finished, whatever its words.
        let finalSaysDone = kept && ScreenText.saysDone(finalFrame) && !Self.stoppedShort(finalFrame)
        let announced = finalSaysDone || said.contains(where: ScreenText.saysDone)
        if announced { return .checked([]) }
        return .checked([info.finding(in: timeline, at: last.place, row: last.row)])
    }

    /// Whether a row's updates are work under way, whose end is owed: a spinner, or frames with a percentage, a
    /// count of a total ("3/40") or a bar of blocks. A menu drawn once, or a monitor's figures (top, or htop's
    /// full screen) going up and down, is a live view with no end to announce.
    static func isProgress(_ run: ScreenUpdates.Run, in timeline: ScreenTimeline) -> Bool {
        guard !onAlternateScreen(run.first.place.offset, timeline) else { return false }
        if ScreenUpdates.cycles(run) { return true }
        guard run.events.count >= 2 else { return false }
        return run.events.contains { event in
            hasPercentage(event.text) || hasCount(event.text)
                || event.text.filter { "█▓▒░━■▇▆▅▄▃▂▁#=".contains($0) }.count >= 3
        }
    }

    private static func onAlternateScreen(_ offset: Int, _ timeline: ScreenTimeline) -> Bool {
        var on = false
        for event in timeline.events {
            if event.place.offset > offset { break }
            if event.kind == .alternateScreenOn { on = true }
            if event.kind == .alternateScreenOff { on = false }
        }
        return on
    }

    /// Whether a frame shows a percentage below 100 and none of 100, or a count short of its total ("3/40").
    static func stoppedShort(_ text: String) -> Bool {
        if text.contains("100%") || text.contains("100 %") || ScreenText.hasFullCount(text) { return false }
        return hasPercentage(text) || hasCount(text)
    }

    /// A number followed by a percent sign ("45%", "45 %").
    private static func hasPercentage(_ text: String) -> Bool {
        let characters = Array(text)
        return characters.indices.contains { index in
            characters[index] == "%" && index > 0
                && (characters[index - 1].isNumber
                    || (characters[index - 1] == " " && index > 1 && characters[index - 2].isNumber))
        }
    }

    /// Two numbers with a slash between them ("3/40").
    private static func hasCount(_ text: String) -> Bool {
        let characters = Array(text)
        return characters.indices.dropFirst().dropLast().contains { index in
            characters[index] == "/" && characters[index - 1].isNumber && characters[index + 1].isNumber
        }
    }
}
