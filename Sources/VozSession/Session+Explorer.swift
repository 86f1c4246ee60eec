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
        /// The next item of the list at this position, one a line, while it is being entered.
        case listItem(Int)
        /// The next line of the multiline answer at this position, while it is being typed.
        case multilineLine(Int)
        /// A member, by id, of the item being entered of the group at this position.
        case groupMember(Int, String)
        /// Yes or no to "add another?" at the group at this position.
        case addAnother(Int)
    }

    /// The answers as typed, by field id (what a draft keeps and `:review` reads).
    package var typedAnswers: [String: String] { model.answers }

    /// What the next line answers; `nil` while a request is in flight (a line then waits for the outcome).
    package var awaiting: Awaiting? {
        if inFlight { return nil }
        switch question {
        case .restoreDraft?: return .restoreDraft
        case .confirmSend?: return .confirmSend
        case .addGroupItem(let id)?: return .addAnother(model.form.fields.firstIndex { $0.id == id } ?? 0)
        case nil: break
        }
        switch model.focus {
        case .field(let index):
            let field = model.form.fields[index]
            if listItems != nil, field.kind == .list { return .listItem(index) }
            if multilineLines != nil, field.kind == .multiline { return .multilineLine(index) }
            if let entry = groupEntry, entry.fieldID == field.id, field.members.indices.contains(entry.member) {
                return .groupMember(index, field.members[entry.member].id)
            }
            return .field(index)
        case .submit: return .submit
        }
    }
}
