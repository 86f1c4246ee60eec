import VozForm

// A field made from what a person would say of it: its label, and its kind by the function's name. The id, which
// names the field's member in the request body, comes from the label unless given (`Full name` → `fullName`).
extension Field {
    /// A line of text.
    public static func text(_ label: String, id: String? = nil) -> Field {
        made(label, id, .text)
    }

    /// An e-mail address, checked as one before it is sent.
    public static func email(_ label: String, id: String? = nil) -> Field {
        made(label, id, .email)
    }

    /// A secret (a password, a token): typed with echo off, never said, printed, logged or kept in a draft.
    public static func secret(_ label: String, id: String? = nil) -> Field {
        made(label, id, .secret)
    }

    /// A number, with decimals as the user's language writes them.
    public static func number(_ label: String, id: String? = nil) -> Field {
        made(label, id, .number)
    }

    /// A whole number.
    public static func integer(_ label: String, id: String? = nil) -> Field {
        made(label, id, .integer)
    }

    /// Several lines of text, ended by an empty line.
    public static func multiline(_ label: String, id: String? = nil) -> Field {
        made(label, id, .multiline)
    }

    /// A yes-or-no question, sent as a boolean.
    public static func confirm(_ label: String, id: String? = nil) -> Field {
        made(label, id, .confirm)
    }

    /// One of `options`, answered by number or by label; each option's label is also the value sent.
    public static func choice(_ label: String, id: String? = nil, options: [String]) -> Field {
        choice(label, id: id, options: options.map { FieldOption(value: $0, label: $0) })
    }

    /// One of `options`, answered by number or by label; each sends its `value`.
    public static func choice(_ label: String, id: String? = nil, options: [FieldOption]) -> Field {
        made(label, id, .choice, options)
    }

    /// Any number of `options`, answered by numbers or labels separated by commas; sent as a list of values.
    public static func multichoice(_ label: String, id: String? = nil, options: [FieldOption]) -> Field {
        made(label, id, .multichoice, options)
    }
}

extension Field {
    private static func made(_ label: String, _ id: String?, _ kind: FieldKind, _ options: [FieldOption] = []) -> Field
    {
        Field(id: id ?? FieldIdentifier.make(label), label: label, kind: kind, options: options)
    }
}

extension FieldOption {
    /// An option that sends `value` and is said as `label`.
    public static func option(_ label: String, value: String) -> FieldOption {
        FieldOption(value: value, label: label)
    }
}
