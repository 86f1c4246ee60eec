import Foundation

/// A JSON value read from a server reply, with object members kept in the order the server wrote them.
///
/// Foundation's decoders lose member order, and order is what makes messages for unknown fields come out the
/// same way every run; so replies are read with this small reader instead.
enum ReplyJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ReplyJSON])
    case object([(key: String, value: ReplyJSON)])

    static func == (lhs: ReplyJSON, rhs: ReplyJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    // MARK: - Access

    /// The member named `key` of an object (the first, when a server repeats it).
    subscript(key: String) -> ReplyJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The member whose name matches `key` ignoring case (`Errors`, `errors`).
    func member(caseInsensitive key: String) -> ReplyJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key.caseInsensitiveCompare(key) == .orderedSame }?.value
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number when it is a whole number that fits in an `Int`; nil otherwise, never a trap.
    var integer: Int? {
        guard case .number(let value) = self, value.isFinite else { return nil }
        return Int(exactly: value)
    }

    var array: [ReplyJSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var members: [(key: String, value: ReplyJSON)]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// A string, or a number written as the server would (`3`, not `3.0`): for codes and ids.
    var scalarText: String? {
        switch self {
        case .string(let value): return value
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
            return String(value)
        case .bool(let value): return value ? "true" : "false"
        default: return nil
        }
    }

    /// Whether this is an empty array, object or string, or null.
    var isEmpty: Bool {
        switch self {
        case .null: return true
        case .string(let value): return value.isEmpty
        case .array(let value): return value.isEmpty
        case .object(let value): return value.isEmpty
        default: return false
        }
    }

    // MARK: - Reading

    /// The value in `data`, or nil when it is not one complete JSON text.
    static func parse(_ data: Data) -> ReplyJSON? {
        var reader = ReplyJSONReader(bytes: Array(data))
        return reader.readDocument()
    }

    static func parse(_ text: String) -> ReplyJSON? {
        parse(Data(text.utf8))
    }
}

/// A recursive-descent reader of RFC 8259 JSON over UTF-8 bytes, with a depth limit so a hostile reply cannot
/// exhaust the stack.
private struct ReplyJSONReader {
    let bytes: [UInt8]
    var index = 0
    var depth = 0
    static let maximumDepth = 64

    mutating func readDocument() -> ReplyJSON? {
        // A UTF-8 byte order mark is tolerated, as some Windows servers send one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipSpace()
        guard let value = readValue() else { return nil }
        skipSpace()
        return index == bytes.count ? value : nil
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func readValue() -> ReplyJSON? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return readObject()
        case UInt8(ascii: "["): return readArray()
        case UInt8(ascii: "\""): return readString().map(ReplyJSON.string)
        case UInt8(ascii: "t"): return readWord("true", .bool(true))
        case UInt8(ascii: "f"): return readWord("false", .bool(false))
        case UInt8(ascii: "n"): return readWord("null", .null)
        default: return readNumber()
        }
    }

    private mutating func readWord(_ word: String, _ value: ReplyJSON) -> ReplyJSON? {
        let utf8 = Array(word.utf8)
        guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else { return nil }
        index += utf8.count
        return value
    }

    private mutating func readNumber() -> ReplyJSON? {
        let start = index
        while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
        guard index > start, let text = String(bytes: bytes[start..<index], encoding: .utf8),
            let value = Double(text)
        else { return nil }
        return .number(value)
    }

    private mutating func readArray() -> ReplyJSON? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { return nil }
        index += 1
        var items: [ReplyJSON] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipSpace()
            guard let item = readValue() else { return nil }
            items.append(item)
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            } else {
                return nil
            }
        }
    }

    private mutating func readObject() -> ReplyJSON? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { return nil }
        index += 1
        var members: [(key: String, value: ReplyJSON)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = readString() else { return nil }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipSpace()
            guard let value = readValue() else { return nil }
            members.append((key, value))
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                return nil
            }
        }
    }

    private mutating func readString() -> String? {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() -> Bool {
            guard !run.isEmpty else { return true }
            guard let text = String(bytes: run, encoding: .utf8) else { return false }
            scalars.append(contentsOf: text.unicodeScalars)
            run.removeAll()
            return true
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                return flush() ? String(scalars) : nil
            }
            if byte != UInt8(ascii: "\\") {
                run.append(byte)
                continue
            }
            guard flush(), index < bytes.count else { return nil }
            let escape = bytes[index]
            index += 1
            if let scalar = JSONEscape.single(escape) {
                scalars.append(scalar)
                continue
            }
            switch escape {
            case UInt8(ascii: "u"):
                guard let scalar = readUnicodeEscape() else { return nil }
                scalars.append(scalar)
            default: return nil
            }
        }
        return nil
    }

    private mutating func readHex4() -> UInt32? {
        guard bytes.count - index >= 4, let text = String(bytes: bytes[index..<index + 4], encoding: .ascii),
            let value = UInt32(text, radix: 16)
        else { return nil }
        index += 4
        return value
    }

    private mutating func readUnicodeEscape() -> Unicode.Scalar? {
        guard let high = readHex4() else { return nil }
        if (0xD800...0xDBFF).contains(high) {
            // A surrogate pair spells one scalar outside the basic plane; a lone half becomes U+FFFD.
            let save = index
            if bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                index += 2
                if let low = readHex4(), let scalar = JSONEscape.pair(high: high, low: low) { return scalar }
            }
            index = save
            return "\u{FFFD}"
        }
        return Unicode.Scalar(high) ?? "\u{FFFD}"
    }
}
