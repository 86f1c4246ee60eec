import VozForm

/// Where the session's focus is: one field (by its position in form order) or the submit control.
package enum FocusTarget: Sendable, Equatable {
    case field(Int)
    case submit

    /// The id written to transcripts: the field's id, or `submit`.
    package func id(in form: Form) -> String {
        switch self {
        case .field(let index): return form.fields.indices.contains(index) ? form.fields[index].id : "submit"
        case .submit: return "submit"
        }
    }
}
