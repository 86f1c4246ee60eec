import VozAudit
import VozTerminal

/// A password shown as it is typed is read aloud by the screen reader and seen by anyone nearby.
package struct SecretEchoedRule: RecordingRule {
    package let info = AuditRuleInfo(
        id: "secret-echoed", name: "SecretEchoed", criterion: nil, severity: .critical, scope: .recording)

    package init() {}

    package func check(_ timeline: ScreenTimeline) -> RuleCheck {
        let inputs = timeline.personInputs
        var applicable = false
        var violations: [Finding] = []
        var incomplete: [Finding] = []
        var index = 0
        while index < inputs.count {
            let moment = inputs[index]
            guard moment.key == nil, ScreenText.mentions(PromptMoments.label(of: moment), ScreenText.secretWords)
            else {
                index += 1
                continue
            }
            applicable = true
            // The whole answer: a recording that sends each key as its own input is decided on all of them.
            var end = index
            var typed = ""
            while end < inputs.count, inputs[end].key == nil {
                let data = inputs[end].data
                typed += data.prefix { $0 != "\r" && $0 != "\n" }
                end += 1
                if data.contains(where: { $0 == "\r" || $0 == "\n" }) { break }
            }
            let answer = inputs[index..<end]
            let after = end < inputs.count ? inputs[end] : nil
            index = end
            let echoed = answer.contains { $0.echo == true }
            if echoed || Self.shows(typed, from: moment, until: after, in: timeline) {
                violations.append(info.finding(in: timeline, at: moment.place, row: moment.cursorRow))
            } else if typed.count < 2 && answer.allSatisfy({ $0.echo == nil }) {
                incomplete.append(
                    info.finding(in: timeline, at: moment.place, row: moment.cursorRow, variant: "unknown"))
            }
        }
        return applicable ? RuleCheck(applicable: true, violations: violations, incomplete: incomplete) : .inapplicable
    }

    /// Whether the answer appeared: in one piece of output, or on the screen once it was all typed (echoed key by
    /// key, each in the output after it).
    static func shows(
        _ typed: String, from start: InputMoment, until next: InputMoment?, in timeline: ScreenTimeline
    ) -> Bool {
        guard typed.count >= 2 else { return false }
        let until = next?.place.offset ?? Int.max
        if timeline.events.contains(where: {
            $0.place.offset >= start.place.offset && $0.place.offset <= until && ScreenText.contains($0.text, typed)
        }) {
            return true
        }
        // From the prompt's row down: text above it was there before the answer.
        let screen = next?.screen ?? timeline.finalScreen
        return screen.dropFirst(max(0, start.cursorRow)).contains { ScreenText.contains($0.text, typed) }
    }
}
