/// An error that belongs to one field of the form.
public struct FieldError: Sendable, Equatable {
    /// The id of the field the error belongs to.
    public var fieldID: String
    /// A sentence the user can act on; never a code.
    public var message: String

    /// An error for the field `fieldID`, said as `message`.
    public init(fieldID: String, message: String) {
        self.fieldID = fieldID
        self.message = message
    }
}
