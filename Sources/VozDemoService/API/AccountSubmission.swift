/// A `POST /accounts` body that passed every rule.
struct AccountSubmission: Sendable, Equatable {
    var name: String
    /// Trimmed; compared without case when checking for duplicates.
    var email: String
    var password: String
    var coupon: String?
    var plan: String?
}
