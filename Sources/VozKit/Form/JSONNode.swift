import Foundation

/// A JSON value as read from a file, with the 1-based line it starts on, so errors and audits can point at it.
public struct JSONNode: Sendable, Equatable {
    public var value: JSONValue
    /// The line where the value starts.
    public var line: Int

    public init(_ value: JSONValue, line: Int) {
        self.value = value
        self.line = line
    }
}

/// The shape of one JSON value. Objects keep their members in file order.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number and its literal text as written (`8`, `2.50`, `1e3`), kept to tell integers from fractions.
    case number(Double, literal: String)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])
}

/// One member of a JSON object: its key, the line the key is on, and its value.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var keyLine: Int
    public var value: JSONNode

    public init(key: String, keyLine: Int, value: JSONNode) {
        self.key = key
        self.keyLine = keyLine
        self.value = value
    }
}

// MARK: - Reading

extension JSONNode {
    /// The members of an object, or nil when the value is not an object.
    public var members: [JSONMember]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The elements of an array, or nil when the value is not an array.
    public var elements: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// The text of a string, or nil when the value is not a string.
    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The member with this key, when the value is an object that has it.
    public subscript(key: String) -> JSONNode? {
        members?.first { $0.key == key }?.value
    }
}
