import Foundation

/// A form's values as the body of its request (design §4): one member a field, named by the field's id.
///
/// `confirm` is a boolean, `number` a number, `multichoice` an array, the rest strings; an empty optional field is
/// left out. Members follow form order so the same answers always give the same bytes.
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
        let members = form.fields.compactMap { field -> (String, FieldValue)? in
            // A required field is never empty once validated, so only optional ones are dropped here.
            guard let value = values[field.id], !FieldValidator.isEmpty(value) else { return nil }
            return (field.id, value)
        }
        switch form.submit.body {
        case .json:
            let object = JSONNode.object(members.map { ($0.0, $0.1.json) })
            return RequestBody(contentType: "application/json", data: Data(JSONWriter().bytes(object)))
        case .form:
            var pairs: [String] = []
            for (name, value) in members {
                for item in URLFormText.items(value) {
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
    var json: JSONNode {
        switch self {
        case .text(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .list(let items): return .array(items.map(JSONNode.string))
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
        }
    }

    static func encode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "): result += "+"
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
