/// Writes JSON text: compact, members in their order (or sorted, for a canonical form), strings escaped as
/// RFC 8259 requires with every control character escaped, numbers as written.
public struct JSONWriter: Sendable {
    /// Whether every object's members are written sorted by key (by UTF-8 bytes), which makes the text canonical.
    public var sortsKeys: Bool

    public init(sortsKeys: Bool = false) {
        self.sortsKeys = sortsKeys
    }

    /// The JSON text of `node`.
    public func text(_ node: JSONNode) -> String {
        var utf8: [UInt8] = []
        write(node, into: &utf8)
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The JSON text of `node` as UTF-8 bytes.
    public func bytes(_ node: JSONNode) -> [UInt8] {
        var utf8: [UInt8] = []
        write(node, into: &utf8)
        return utf8
    }

    /// Appends the JSON text of `node` to `utf8`.
    public func write(_ node: JSONNode, into utf8: inout [UInt8]) {
        switch node.value {
        case .null: utf8.append(contentsOf: "null".utf8)
        case .bool(let flag): utf8.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): utf8.append(contentsOf: number.literal.utf8)
        case .string(let text): Self.writeString(text, into: &utf8)
        case .array(let elements):
            utf8.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { utf8.append(UInt8(ascii: ",")) }
                write(element, into: &utf8)
            }
            utf8.append(UInt8(ascii: "]"))
        case .object(let members):
            utf8.append(UInt8(ascii: "{"))
            let ordered = sortsKeys ? members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : members
            for (offset, member) in ordered.enumerated() {
                if offset > 0 { utf8.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, into: &utf8)
                utf8.append(UInt8(ascii: ":"))
                write(member.value, into: &utf8)
            }
            utf8.append(UInt8(ascii: "}"))
        }
    }

    // MARK: - Strings

    /// `text` as a JSON string, quotes included.
    public static func quoted(_ text: String) -> String {
        var utf8: [UInt8] = []
        writeString(text, into: &utf8)
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Appends `text` as a JSON string, quotes included.
    public static func writeString(_ text: String, into utf8: inout [UInt8]) {
        utf8.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            guard JSONEscape.needsEscape(byte) else {
                utf8.append(byte)
                continue
            }
            if let escape = JSONEscape.escaped(byte) {
                escape.withUTF8Buffer { utf8.append(contentsOf: $0) }
            } else {
                utf8.append(contentsOf: "\\u00".utf8)
                utf8.append(JSONEscape.hexDigits[Int(byte >> 4)])
                utf8.append(JSONEscape.hexDigits[Int(byte & 0x0F)])
            }
        }
        utf8.append(UInt8(ascii: "\""))
    }
}
