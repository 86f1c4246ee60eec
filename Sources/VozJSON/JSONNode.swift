/// A JSON value as read from a text, with the 1-based line and column it starts at, so errors and audits can
/// point at it. Built by hand (for writing), line and column are 0.
public struct JSONNode: Sendable, Equatable {
    public var value: JSONValue
    /// The line where the value starts.
    public var line: Int
    /// The column (in Unicode scalars, from 1) where the value starts on its line.
    public var column: Int

    public init(_ value: JSONValue, line: Int = 0, column: Int = 0) {
        self.value = value
        self.line = line
        self.column = column
    }
}

/// The shape of one JSON value. Objects keep their members in the order they were written.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number kept as its literal text (`8`, `2.50`, `1e3`, `9223372036854775808`): nothing is lost or traps
    /// on reading; `JSONNumber`'s accessors say whether it fits an integer or a double.
    case number(JSONNumber)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])
}

/// One member of a JSON object: its key, where the key is, and its value.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    /// The line of the key.
    public var keyLine: Int
    /// The column of the key's opening quote.
    public var keyColumn: Int
    public var value: JSONNode

    public init(key: String, keyLine: Int = 0, keyColumn: Int = 0, value: JSONNode) {
        self.key = key
        self.keyLine = keyLine
        self.keyColumn = keyColumn
        self.value = value
    }
}
