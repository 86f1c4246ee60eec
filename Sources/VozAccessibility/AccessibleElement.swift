import VozForm

/// One element of a form as assistive technology sees it (design §2.6): a field or the submit control, with an
/// explicit label, its value, its error, a hint, its traits and where focus goes.
///
/// Every text in it is already in the session's language; `spoken(_:)` puts them in the order a listener needs.
public struct AccessibleElement: Sendable, Equatable, Identifiable {
    /// What the element is.
    public enum Role: Sendable, Equatable {
        /// A field, with the kind of answer it takes.
        case field(FieldKind)
        /// The control that sends the form.
        case submit
    }

    /// What the element is, which decides how it is announced.
    public var role: Role
    /// Where focus goes for this element: the field's id, or `submit`.
    public var focusTarget: String
    /// The explicit label: the field's label, or the submit control's label (its busy label while sending).
    public var label: String
    /// The current value in words (an option's label, "sí", a secret as "oculto, 9 caracteres"); nil when empty.
    public var value: String?
    /// What is wrong with the value, without the label; nil when nothing is.
    public var error: String?
    /// The author's instructions.
    public var hint: String?
    /// How to answer, from the kind and rules: the numbered options, "Responde sí o no.", a range.
    public var instructions: String?
    /// An example value (the placeholder); never the label.
    public var example: String?
    /// The default in words, used when the answer is left empty.
    public var defaultValue: String?
    /// The states a screen reader announces: required, secret, invalid, disabled, busy.
    public var traits: AccessibleTraits
    /// Why the element is disabled; always present when `traits` contains `.disabled`.
    public var disabledReason: String?
    /// The 1-based position among the form's fields; nil for the submit control.
    public var position: Int?
    /// How many fields the form has; nil for the submit control.
    public var count: Int?

    /// An element with these texts and traits, each already in the session's language.
    public init(
        role: Role,
        focusTarget: String,
        label: String,
        value: String? = nil,
        error: String? = nil,
        hint: String? = nil,
        instructions: String? = nil,
        example: String? = nil,
        defaultValue: String? = nil,
        traits: AccessibleTraits = [],
        disabledReason: String? = nil,
        position: Int? = nil,
        count: Int? = nil
    ) {
        self.role = role
        self.focusTarget = focusTarget
        self.label = label
        self.value = value
        self.error = error
        self.hint = hint
        self.instructions = instructions
        self.example = example
        self.defaultValue = defaultValue
        self.traits = traits
        self.disabledReason = disabledReason
        self.position = position
        self.count = count
    }

    /// The element's identity, its `focusTarget`.
    public var id: String { focusTarget }

    /// The focus target of the submit control.
    public static let submitTarget = "submit"
}
