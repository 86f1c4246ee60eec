/// A schema's `pattern` that Voz leaves to the server, because its matcher would read it differently from
/// ECMA-262: where it is written, which property it belongs to, and what stops the translation.
public struct UncheckedPattern: Sendable, Equatable {
    /// The description file, as it was named.
    public var file: String
    /// The line of the `pattern` keyword's value.
    public var line: Int
    /// The property's place in the body, dotted (`address.postalCode`).
    public var property: String
    /// The field that is asked without the pattern.
    public var fieldID: String
    /// What in the pattern stops its translation.
    public var refusal: PatternRefusal

    /// The note `voz form` prints, one sentence naming file, line and property, then why.
    public var note: String {
        "The pattern of \(property) (\(file), line \(line)) is left to the server, because \(refusal)."
    }
}
