/// A password shown as it is typed is read aloud by the screen reader and seen by anyone nearby.
public struct SecretEchoedRule: RecordingRule {
    public let info = AuditRuleInfo(
        id: "secret-echoed", name: "SecretEchoed", criterion: nil, severity: .critical, scope: .recording)

    public init() {}

    public func check(_ timeline: ScreenTimeline) -> RuleCheck {
        var applicable = false
        var violations: [Finding] = []
        var incomplete: [Finding] = []
        for (index, moment) in timeline.inputs.enumerated() where moment.key == nil {
            let label = PromptMoments.label(of: moment)
            guard ScreenText.mentions(label, ScreenText.secretWords) else { continue }
            applicable = true
            let typed = moment.data.trimmingCharacters(in: ["\r", "\n"])
            let until = index + 1 < timeline.inputs.count ? timeline.inputs[index + 1].place.offset : Int.max
            let shown =
                typed.count >= 2
                && timeline.events.contains {
                    $0.place.offset >= moment.place.offset && $0.place.offset <= until && $0.text.contains(typed)
                }
            if shown || moment.echo == true {
                violations.append(info.finding(in: timeline, at: moment.place, row: moment.cursorRow))
            } else if moment.echo == nil && typed.count < 2 {
                incomplete.append(
                    info.finding(in: timeline, at: moment.place, row: moment.cursorRow, variant: "unknown"))
            }
        }
        return applicable ? RuleCheck(applicable: true, violations: violations, incomplete: incomplete) : .inapplicable
    }
}
