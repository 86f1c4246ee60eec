import VozForm

// What the session explorer (VozFuzzing) reads between two lines to check the session's promises against a model of
// what the person typed: the answers as typed, where focus is, and what is being asked.
extension Session {
    /// What the session is waiting for, as the explorer sees it.
    package enum Awaiting: Sendable, Equatable {
        /// An answer for the field at this position in form order.
        case field(Int)
        /// A command at the submit control.
        case submit
        /// Yes or no to "restore the draft?".
        case restoreDraft
        /// Yes or no to "send the form?" after the review.
        case confirmSend
        /// Another question (a group's "add another?"), or a list being entered.
        case other
    }

    /// The answers as typed, by field id (what a draft keeps and `:review` reads).
    package var typedAnswers: [String: String] { model.answers }

    /// What the next line answers; `nil` while sending (a line then waits for the outcome).
    package var awaiting: Awaiting? {
        if sending { return nil }
        switch question {
        case .restoreDraft?: return .restoreDraft
        case .confirmSend?: return .confirmSend
        case .addGroupItem?: return .other
        case nil: break
        }
        if listItems != nil || groupEntry != nil { return .other }
        switch model.focus {
        case .field(let index): return .field(index)
        case .submit: return .submit
        }
    }
}
