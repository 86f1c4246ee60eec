import Foundation

/// One account the demo service created, as `GET /accounts` lists it (never the password).
public struct DemoAccount: Sendable, Equatable, Codable {
    public var id: String
    public var email: String
    /// When it was created, ISO 8601 in UTC.
    public var created: String

    public init(id: String, email: String, created: String) {
        self.id = id
        self.email = email
        self.created = created
    }
}
