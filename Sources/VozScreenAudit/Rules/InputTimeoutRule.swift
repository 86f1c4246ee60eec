import VozAudit
import VozTerminal

/// A prompt that gives up when the user is slow shuts out people who type or listen slowly (WCAG 2.2.1). Decided
/// from timing: the program stopped at a prompt, nobody answered, and it went on by itself.
package struct InputTimeoutRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "input-timeout", name: "InputTimeout", criterion: .timingAdjustable, severity: .serious, scope: .recording)

    package init() {}

    /// How long a prompt must wait before going on by itself counts as a time limit (`read -t 2`); a shorter
    /// pause counts only when what follows says it timed out.
    static let silentWait = 1500
    static let saidWait = 500

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let inputLines = timeline.personInputs.map(\.place.line)
        var nextInput = 0
        var lastInputLine = 0
        var prompt: ScreenEvent?
        var index = 0
        let events = timeline.events
        while index < events.count {
            let event = events[index]
            // One output chunk: the events that share its offset.
            var end = index
            while end < events.count, events[end].place.offset == event.place.offset { end += 1 }
            while nextInput < inputLines.count, inputLines[nextInput] < event.place.line {
                lastInputLine = inputLines[nextInput]
                nextInput += 1
            }
            let chunk = events[index..<end]
            if let waiting = prompt, lastInputLine < waiting.place.line, let finding = timedOut(waiting, then: chunk) {
                return .checked([finding(timeline)])
            }
            if let last = chunk.last(where: { $0.row != nil }) {
                prompt = last.kind == .appeared && Self.looksLikePrompt(last.previous + last.text) ? last : nil
            }
            index = end
        }
        return .checked([])
    }

    /// The finding when `chunk` came after `prompt` waited, with no input in between, long enough or saying so.
    private func timedOut(_ prompt: ScreenEvent, then chunk: ArraySlice<ScreenEvent>) -> ((ScreenTimeline) -> Finding)?
    {
        guard let first = chunk.first(where: { $0.row != nil }) else { return nil }
        let waited = first.place.time - prompt.place.time
        guard waited >= Self.saidWait else { return nil }
        // A bar or a clock redrawn on its row is progress, not a prompt moving on.
        guard !(first.row == prompt.row && first.kind != .appeared) else { return nil }
        let said = chunk.first { $0.kind == .appeared && ScreenText.mentions($0.text, ScreenText.timeoutWords) }
        let text = (prompt.previous + prompt.text).trimmingBlanks
        if let said {
            return { timeline in
                info.finding(
                    in: timeline, at: said.place, row: said.row,
                    arguments: ["text": String(said.text.trimmingBlanks.prefix(60))])
            }
        }
        guard waited >= Self.silentWait else { return nil }
        return { timeline in
            info.finding(
                in: timeline, at: first.place, row: prompt.row, variant: "waited",
                arguments: [
                    "prompt": String(text.prefix(60)), "duration": AuditMessage.seconds(waited, language: .en),
                ])
        }
    }

    /// Whether a row reads as a question waiting for an answer: words, ending as prompts end.
    static func looksLikePrompt(_ row: String) -> Bool {
        let text = row.trimmingBlanks
        guard let last = text.last, ScreenText.hasWords(text) else { return false }
        return "?:]>)»".contains(last)
    }
}
