/// An error that belongs to one field of the form.
public struct FieldError: Sendable, Equatable {
    /// An error on one member of one item of a group (`guests[0].email`): where the person corrects it in place.
    public struct Member: Sendable, Equatable {
        /// The item, counting from 0.
        public var item: Int
        /// The id of the member in the group's `members`.
        public var memberID: String
        /// What is wrong, without the item's name: "Ese correo no puede venir."
        public var detail: String
        /// The same, said with its item and member: "Invitado 1, correo: Ese correo no puede venir."
        public var message: String

        /// An error on member `memberID` of item `item` (from 0).
        public init(item: Int, memberID: String, detail: String, message: String) {
            self.item = item
            self.memberID = memberID
            self.detail = detail
            self.message = message
        }
    }

    /// The id of the field the error belongs to.
    public var fieldID: String
    /// A sentence the user can act on; never a code.
    public var message: String
    /// For a group, the errors on its items' members, in item order and, within an item, in member order.
    public var members: [Member]

    /// An error for the field `fieldID`, said as `message`; `members` for a group's items.
    public init(fieldID: String, message: String, members: [Member] = []) {
        self.fieldID = fieldID
        self.message = message
        self.members = members
    }
}
