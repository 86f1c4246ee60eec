/// After progress or a spinner, what a listener hears last must say the work finished: a line saying so, or the
/// final frame kept on its own line saying it ("100%", "70/70", "Done"). The last redraw of a bar stopped short,
/// or an unrelated line after it, says nothing about the state.
public struct CompletionNotAnnouncedRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "completion-not-announced", name: "CompletionNotAnnounced", criterion: .statusMessages,
        severity: .serious, scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        guard let last = ScreenUpdates.runs(timeline).map(\.last).max(by: { $0.place.offset < $1.place.offset }),
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
        // Lines said after the progress decide; with none, the final frame left on screen does.
        let announced =
            said.isEmpty ? kept && ScreenText.saysDone(finalFrame) : said.contains(where: ScreenText.saysDone)
        if announced { return .checked([]) }
        return .checked([info.finding(in: timeline, at: last.place, row: last.row)])
    }
}
