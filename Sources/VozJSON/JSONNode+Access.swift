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

    /// The elements of an array, or nil when the value is not an array (the name server replies were read with).
    public var array: [JSONNode]? { elements }

    /// The text of a string, or nil when the value is not a string.
    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The flag of a boolean, or nil when the value is not true or false.
    public var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    /// The number, as written, or nil when the value is not a number.
    public var number: JSONNumber? {
        if case .number(let number) = value { return number }
        return nil
    }

    /// A number as a finite double; nil for anything else, or a number too large for one.
    public var double: Double? { number?.double }

    /// A number as an exact whole `Int`; nil for anything else, a fraction, or a number that does not fit.
    public var int: Int? { number?.int }

    /// A number as an exact whole `Int64`; nil for anything else, a fraction, or a number that does not fit.
    public var int64: Int64? { number?.int64 }

    /// Whether the value is null.
    public var isNull: Bool { value == .null }

    /// The first member with this key, when the value is an object that has it.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The first member whose key matches `key` ignoring ASCII case (`Errors`, `errors`).
    public func member(caseInsensitive key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        let wanted = Array(key.utf8).map(Self.lowercased)
        return members.first { $0.key.utf8.map(Self.lowercased) == wanted }?.value
    }

    /// A string, or a number as written (`3`), or a boolean as `true`/`false`: for codes and ids.
    public var scalarText: String? {
        switch value {
        case .string(let text): return text
        case .number(let number): return number.literal
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }

    /// Whether this is null, or an empty array, object or string.
    public var isEmpty: Bool {
        switch value {
        case .null: return true
        case .string(let text): return text.isEmpty
        case .array(let elements): return elements.isEmpty
        case .object(let members): return members.isEmpty
        default: return false
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}

// MARK: - Building

extension JSONNode {
    /// null, for building values to write.
    public static let null = JSONNode(.null)

    public static func bool(_ flag: Bool) -> JSONNode { JSONNode(.bool(flag)) }

    public static func string(_ text: String) -> JSONNode { JSONNode(.string(text)) }

    public static func number(_ value: Int) -> JSONNode { JSONNode(.number(JSONNumber(value))) }

    /// A number, or null when `value` is not finite (JSON has no infinity or NaN).
    public static func number(_ value: Double) -> JSONNode {
        JSONNumber(value).map { JSONNode(.number($0)) } ?? .null
    }

    public static func array(_ elements: [JSONNode]) -> JSONNode { JSONNode(.array(elements)) }

    /// An object with these members, in this order.
    public static func object(_ members: [(String, JSONNode)]) -> JSONNode {
        JSONNode(.object(members.map { JSONMember(key: $0.0, value: $0.1) }))
    }
}
