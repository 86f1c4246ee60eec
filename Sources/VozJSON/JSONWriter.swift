/// Writes JSON text: compact, members in their order (or sorted, for a canonical form), strings escaped as
/// RFC 8259 requires with every control character escaped, numbers as written; or indented, for a file a person
/// edits.
public struct JSONWriter: Sendable {
    /// Whether every object's members are written sorted by key (by UTF-8 bytes), which makes the text canonical.
    public var sortsKeys: Bool
    /// Spaces per level when each member and element goes on its own line; nil writes compact text.
    public var indent: Int?

    public init(sortsKeys: Bool = false, indent: Int? = nil) {
        self.sortsKeys = sortsKeys
        self.indent = indent
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
        write(node, depth: 0, into: &utf8)
    }

    private func write(_ node: JSONNode, depth: Int, into utf8: inout [UInt8]) {
        switch node.value {
        case .null: utf8.append(contentsOf: "null".utf8)
        case .bool(let flag): utf8.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): utf8.append(contentsOf: number.literal.utf8)
        case .string(let text): Self.writeString(text, into: &utf8)
        case .array(let elements):
            utf8.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { utf8.append(UInt8(ascii: ",")) }
                newline(depth + 1, into: &utf8)
                write(element, depth: depth + 1, into: &utf8)
            }
            if !elements.isEmpty { newline(depth, into: &utf8) }
            utf8.append(UInt8(ascii: "]"))
        case .object(let members):
            utf8.append(UInt8(ascii: "{"))
            let ordered = sortsKeys ? members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } : members
            for (offset, member) in ordered.enumerated() {
                if offset > 0 { utf8.append(UInt8(ascii: ",")) }
                newline(depth + 1, into: &utf8)
                Self.writeString(member.key, into: &utf8)
                utf8.append(UInt8(ascii: ":"))
                if indent != nil { utf8.append(UInt8(ascii: " ")) }
                write(member.value, depth: depth + 1, into: &utf8)
            }
            if !members.isEmpty { newline(depth, into: &utf8) }
            utf8.append(UInt8(ascii: "}"))
        }
    }

    /// A line break and the indentation of `depth`, when writing indented.
    private func newline(_ depth: Int, into utf8: inout [UInt8]) {
        guard let indent else { return }
        utf8.append(UInt8(ascii: "\n"))
        utf8.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * depth))
    }

    // MARK: - Strings

    /// `text` as a JSON string, quotes included.
    public static func quoted(_ text: String) -> String {
        var utf8: [UInt8] = []
        writeString(text, into: &utf8)
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Appends `text` as a JSON string, quotes included.
    ///
    /// Invisible characters beyond ASCII (C1 controls, direction overrides, zero-width characters) are escaped too:
    /// a JSON document Voz writes is safe to print as it is.
    public static func writeString(_ text: String, into utf8: inout [UInt8]) {
        utf8.append(UInt8(ascii: "\""))
        if text.utf8.contains(where: { $0 >= 0x80 }) {
            writeScalars(text, into: &utf8)
        } else {
            writeBytes(text.utf8, into: &utf8)
        }
        utf8.append(UInt8(ascii: "\""))
    }

    private static func writeScalars(_ text: String, into utf8: inout [UInt8]) {
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                writeBytes(CollectionOfOne(UInt8(scalar.value)), into: &utf8)
            } else if InvisibleScalars.contains(scalar) {
                InvisibleScalars.appendEscape(scalar, to: &utf8)
            } else {
                UTF8.encode(scalar) { utf8.append($0) }
            }
        }
    }

    private static func writeBytes(_ bytes: some Sequence<UInt8>, into utf8: inout [UInt8]) {
        for byte in bytes {
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
    }
}
