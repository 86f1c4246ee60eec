/// After progress or a spinner, a new line must say the work finished: the last redraw of a bar is not heard.
public struct CompletionNotAnnouncedRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "completion-not-announced", name: "CompletionNotAnnounced", criterion: .statusMessages,
        severity: .serious, scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        guard let last = ScreenUpdates.runs(timeline).map(\.last).max(by: { $0.place.offset < $1.place.offset })
        else { return .inapplicable }
        let announced =
            timeline.events.contains {
                $0.kind == .rewritten && $0.place.offset >= last.place.offset
                    && ScreenText.isNewMessage(old: $0.previous, new: $0.text)
            }
            || timeline.events.contains {
                // A new line, or the progress row erased and written afresh; not words added to the bar itself.
                $0.kind == .appeared && $0.place.offset >= last.place.offset
                    && ($0.row != last.row || $0.previous.allSatisfy { $0 == " " }) && ScreenText.hasWords($0.text)
            }
        if announced { return .checked([]) }
        return .checked([info.finding(in: timeline, at: last.place, row: last.row)])
    }
}
