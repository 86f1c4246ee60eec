import Foundation

/// A JSON value that keeps object members in order, so replies read in the order a person expects (type, title,
/// status, detail, errors) and canonical forms can sort them on purpose.
indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    // MARK: - Reading

    /// Parses `data` as one JSON text; nil when it is not JSON.
    static func parse(_ data: Data) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The member named `key` of an object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    // MARK: - Writing

    /// The JSON text; with `sortedKeys` every object's members are sorted, which makes it canonical.
    func serialized(sortedKeys: Bool = false) -> String {
        var text = ""
        write(into: &text, sortedKeys: sortedKeys)
        return text
    }

    var data: Data { Data(serialized().utf8) }

    private func write(into text: inout String, sortedKeys: Bool) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += Self.format(value)
        case .string(let value): Self.quote(value, into: &text)
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(into: &text, sortedKeys: sortedKeys)
            }
            text += "]"
        case .object(let members):
            text += "{"
            let ordered = sortedKeys ? members.sorted { $0.0 < $1.0 } : members
            for (index, member) in ordered.enumerated() {
                if index > 0 { text += "," }
                Self.quote(member.0, into: &text)
                text += ":"
                member.1.write(into: &text, sortedKeys: sortedKeys)
            }
            text += "}"
        }
    }

    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// Quotes a string, escaping every control character as `\u00XX` (issue 8: escapes travel as JSON escapes).
    private static func quote(_ value: String, into text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}

// MARK: - Decoding

extension JSONValue: Decodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            var members: [(String, JSONValue)] = []
            for key in keyed.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                members.append((key.stringValue, try keyed.decode(JSONValue.self, forKey: key)))
            }
            self = .object(members)
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !unkeyed.isAtEnd {
                values.append(try unkeyed.decode(JSONValue.self))
            }
            self = .array(values)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Double.self) {
            self = .number(value)
        } else {
            self = .string(try single.decode(String.self))
        }
    }
}
