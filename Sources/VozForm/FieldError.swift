/// An error that belongs to one field of the form.
public struct FieldError: Sendable, Equatable {
    public var fieldID: String
    /// A sentence the user can act on; never a code.
    public var message: String

    public init(fieldID: String, message: String) {
        self.fieldID = fieldID
        self.message = message
    }
}
