/// One header line of a request or reply.
struct HTTPField: Sendable, Equatable, Codable {
    var name: String
    var value: String

    init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
