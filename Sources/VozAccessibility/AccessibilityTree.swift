import VozForm
import VozLocalization

/// A form as assistive technology sees it: one element per field in form order, then the submit control.
public struct AccessibilityTree: Sendable, Equatable {
    /// The form's title.
    public var title: String
    /// The fields' elements, in form order.
    public var fields: [AccessibleElement]
    /// The submit control's element.
    public var submit: AccessibleElement

    /// A tree of exactly these elements; the initialiser that takes a `Form` builds a form's own.
    public init(title: String, fields: [AccessibleElement], submit: AccessibleElement) {
        self.title = title
        self.fields = fields
        self.submit = submit
    }

    /// The tree for a form, its current values, the errors on its fields, and the state of its submit control.
    ///
    /// Errors for the same field after the first are ignored: one fix at a time is what a listener can act on.
    /// `fieldsDisabledReason`, when given, disables every field for that reason (while a request is in flight).
    public init(
        form: Form,
        values: FormValues,
        errors: [FieldError],
        submit state: SubmitControlState,
        fieldsDisabledReason: String? = nil,
        localizer: Localizer
    ) {
        var firstError: [String: String] = [:]
        for error in errors where firstError[error.fieldID] == nil { firstError[error.fieldID] = error.message }
        // Positions count the fields that apply: a branch not chosen is not part of the form the user hears.
        let applicable = form.fields.map { form.applies($0, values: values) }
        let count = applicable.filter { $0 }.count
        var position = 0
        let fields = form.fields.enumerated().map { index, field in
            if applicable[index] { position += 1 }
            return AccessibleElement.field(
                field, index: max(0, position - 1), count: count, value: values[field.id],
                error: firstError[field.id], disabledReason: fieldsDisabledReason, localizer: localizer)
        }
        self.init(
            title: form.title, fields: fields,
            submit: AccessibleElement.submit(form.submit, state: state, localizer: localizer))
    }

    /// Every element in focus order: the fields, then the submit control.
    public var elements: [AccessibleElement] { fields + [submit] }

    /// The element with this focus target (a field id or `submit`).
    public func element(focus target: String) -> AccessibleElement? {
        elements.first { $0.focusTarget == target }
    }

    /// The first invalid field in form order, where focus goes after a failed check or submission.
    public var firstInvalid: AccessibleElement? {
        fields.first { $0.traits.contains(.invalid) }
    }
}
