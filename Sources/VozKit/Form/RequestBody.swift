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
            let text =
                "{" + members.map { JSONText.string($0.0) + ":" + JSONText.value($0.1) }.joined(separator: ",") + "}"
            return RequestBody(contentType: "application/json", data: Data(text.utf8))
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

// MARK: - JSON text

/// Writes JSON text for body values, escaping what RFC 8259 requires.
enum JSONText {
    static func value(_ value: FieldValue) -> String {
        switch value {
        case .text(let text): return string(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return self.number(number)
        case .list(let items): return "[" + items.map(string).joined(separator: ",") + "]"
        }
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value.rounded() == value, abs(value) < 9_007_199_254_740_992 { return String(Int64(value)) }
        return String(value)
    }

    static func string(_ text: String) -> String {
        JSONEscape.quoted(text)
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
