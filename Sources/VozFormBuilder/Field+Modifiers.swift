import VozForm

// Chained refinements of a field, each returning a changed copy: `.text("Name").required().hint("As on your ID.")`.
extension Field {
    /// The field must be answered before the form is sent; "required" is said with its label.
    public func required(_ isRequired: Bool = true) -> Field {
        changed { $0.required = isRequired }
    }

    /// Instructions said after the label (`As on your ID.`): what to type, not what the field is.
    public func hint(_ text: String) -> Field {
        changed { $0.hint = text }
    }

    /// An example value, said as an example; never a stand-in for the label.
    public func placeholder(_ example: String) -> Field {
        changed { $0.placeholder = example }
    }

    /// The value it starts with, as typed.
    public func defaultValue(_ typed: String) -> Field {
        changed { $0.defaultValue = typed }
    }

    /// The autocomplete purpose of a field about the user (`name`, `email`, `new-password`); inferred from the
    /// label and id when not given, as the audit expects it.
    public func purpose(_ token: String) -> Field {
        changed { $0.purpose = token }
    }

    /// The fewest characters accepted.
    public func minLength(_ count: Int) -> Field {
        changed { $0.rules.minLength = count }
    }

    /// The most characters accepted.
    public func maxLength(_ count: Int) -> Field {
        changed { $0.rules.maxLength = count }
    }

    /// A pattern the answer must match, and the sentence that says what to type when it does not.
    public func pattern(_ pattern: String, message: String) -> Field {
        changed {
            $0.rules.pattern = pattern
            $0.rules.patternMessage = message
        }
    }

    /// The smallest and largest numbers accepted.
    public func range(_ bounds: ClosedRange<Double>) -> Field {
        changed {
            $0.rules.min = bounds.lowerBound
            $0.rules.max = bounds.upperBound
        }
    }

    /// Other names the server may use for this field in its errors (`user.email`, `/data/attributes/email`).
    public func serverNames(_ names: String...) -> Field {
        changed { $0.serverNames = names }
    }

    private func changed(_ change: (inout Field) -> Void) -> Field {
        var field = self
        change(&field)
        return field
    }
}
