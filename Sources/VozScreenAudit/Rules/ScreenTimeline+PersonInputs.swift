import VozAudit
import VozTerminal

extension ScreenTimeline {
    /// The inputs a person sent, without the terminal's answers to queries (`TerminalReplies`), and with a space
    /// typed into a line read as text (`TypedText`).
    var personInputs: [InputMoment] { derived[PersonInputs.self] ?? computePersonInputs() }

    func computePersonInputs() -> [InputMoment] { TypedText.spacesAsText(TerminalReplies.personInputs(self)) }

    /// The timeline with what a dozen rules read worked out once: the person's inputs first, which the other two
    /// are worked out from.
    func derivingAuditFacts() -> ScreenTimeline {
        var timeline = self
        timeline.derived[PersonInputs.self] = timeline.computePersonInputs()
        timeline.derived[ScreenUpdates.self] = ScreenUpdates.computeRuns(timeline)
        timeline.derived[AnswerReply.self] = AnswerReply.compute(timeline)
        return timeline
    }

    /// The key the person's inputs are kept under.
    private enum PersonInputs: DerivedFact {
        typealias Value = [InputMoment]
    }
}
