import Foundation
import VozJSON

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
    /// The encoded body, exactly the bytes sent.
    public var data: Data

    /// A body of `data`, sent with `contentType`.
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
            return RequestBody(contentType: "application/json", data: Data(JSONWriter().bytes(tree.node)))
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

// MARK: - JSON

extension FieldValue {
    /// The value as the JSON of a request body: a string, a boolean, a number, or an array of strings.
    package var json: JSONNode {
        switch self {
        case .text(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .list(let items): return .array(items.map(JSONNode.string))
        case .group(let items): return .array(items.map { _ in .object([]) })
        }
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
        case .number(let number): return [JSONNumber(number)?.literal ?? "null"]
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
