/// An account about to be inserted: the validated request, the password already hashed.
struct NewAccount: Sendable, Equatable {
    var id: String
    var name: String
    var email: String
    /// `PasswordHasher`'s salted hash; the password itself is never stored.
    var passwordHash: String
    var coupon: String?
    var plan: String?
    /// ISO 8601 in UTC.
    var created: String
}
