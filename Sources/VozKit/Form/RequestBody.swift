import Foundation

/// A form's values as the body of its request (design §4): one member a field, at the field's path (its id by
/// default), plus the form's constants.
///
/// `confirm` is a boolean, `number` and `integer` numbers, a choice its option's value as the file wrote it,
/// `multichoice` and `list` arrays, the rest strings; an empty optional field is left out (or sent as null when
/// the form says so), and so is every field and constant that does not apply. Members follow form order so the
/// same answers always give the same bytes.
public struct RequestBody: Sendable, Equatable {
    /// The `Content-Type` header value.
    public var contentType: String
    public var data: Data

    public init(contentType: String, data: Data) {
        self.contentType = contentType
        self.data = data
    }

    /// The body for `values`, encoded as the form's `submit.body` says.
    public static func make(values: FormValues, form: Form) -> RequestBody {
        let members = BodyMembers.members(values: values, form: form)
        switch form.submit.body {
        case .json:
            var tree = BodyTree()
            for member in members { tree.insert(member.json, at: member.path) }
            return RequestBody(contentType: "application/json", data: Data(tree.text.utf8))
        case .form:
            var pairs: [String] = []
            for member in members {
                // Nested members take bracketed names (`user[email]`), as Rails, PHP and Stripe read them.
                let name = member.path[0] + member.path.dropFirst().map { "[\($0)]" }.joined()
                for item in member.items {
                    pairs.append(URLFormText.encode(name) + "=" + URLFormText.encode(item))
                }
            }
            return RequestBody(
                contentType: "application/x-www-form-urlencoded", data: Data(pairs.joined(separator: "&").utf8))
        }
    }
}

// MARK: - JSON text

/// Writes JSON text for body values, escaping what RFC 8259 requires.
enum JSONText {
    static func value(_ value: FieldValue) -> String {
        switch value {
        case .text(let text): return string(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return self.number(number)
        case .list(let items): return "[" + items.map(string).joined(separator: ",") + "]"
        case .group(let items): return "[" + items.map { _ in "{}" }.joined(separator: ",") + "]"
        }
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value.rounded() == value, abs(value) < 9_007_199_254_740_992 { return String(Int64(value)) }
        return String(value)
    }

    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

// MARK: - URL-encoded form text

/// `application/x-www-form-urlencoded` as the WHATWG URL standard defines it.
enum URLFormText {
    /// The strings a value sends: one, or one per chosen option (repeated names, as HTML forms do).
    static func items(_ value: FieldValue) -> [String] {
        switch value {
        case .text(let text): return [text]
        case .bool(let flag): return [flag ? "true" : "false"]
        case .number(let number): return [JSONText.number(number)]
        case .list(let items): return items
        case .group: return []
        }
    }

    static func encode(_ text: String) -> String {
        percentEncoded(text, keeping: "*-._", spaceAsPlus: true)
    }

    /// Letters, digits and `kept` stay; a space becomes `+` when asked; every other byte is `%XX`.
    static func percentEncoded(_ text: String, keeping kept: String, spaceAsPlus: Bool) -> String {
        let keptBytes = Set(kept.utf8)
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case _ where keptBytes.contains(byte):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " ") where spaceAsPlus: result += "+"
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
