import Foundation

/// Builds the HTTP request for one send of a form's values (design §6): the body, and the headers in order.
///
/// The body holds one member per field id, in form order: `confirm` as a boolean, `number` as a number,
/// `multichoice` as a list, everything else as a string; an optional field left empty is omitted.
public struct SubmissionRequestBuilder: Sendable {
    public let form: Form
    /// The session language, sent as `Accept-Language` so the server's own messages come back in it.
    public let language: Language

    public init(form: Form, language: Language) {
        self.form = form
        self.language = language
    }

    // MARK: - Request

    /// The request that sends `values` under `key`.
    public func request(values: FormValues, key: IdempotencyKey) -> SubmissionRequest {
        let submit = form.submit
        let members = bodyMembers(values)
        let body: Data
        let contentType: String
        switch submit.body {
        case .json:
            body = Data(SubmissionRequestBuilder.json(members).utf8)
            contentType = "application/json"
        case .form:
            body = Data(SubmissionRequestBuilder.formEncoded(members).utf8)
            contentType = "application/x-www-form-urlencoded"
        }
        return SubmissionRequest(
            url: submit.url,
            method: submit.method,
            headers: headers(contentType: contentType, key: key),
            body: body,
            timeoutSeconds: submit.timeoutSeconds)
    }

    /// The form's headers first; then ours, unless the form set one of the same name; the key header always last.
    func headers(contentType: String, key: IdempotencyKey) -> [HTTPHeader] {
        let keyHeader = form.submit.idempotencyHeader
        var headers = form.submit.headers.filter { !SubmissionRequestBuilder.same($0.name, keyHeader) }
        let defaults = [
            HTTPHeader(name: "Content-Type", value: contentType),
            HTTPHeader(name: "Accept", value: "application/json, application/problem+json"),
            HTTPHeader(name: "Accept-Language", value: acceptLanguage),
        ]
        for header in defaults where !headers.contains(where: { SubmissionRequestBuilder.same($0.name, header.name) }) {
            headers.append(header)
        }
        headers.append(HTTPHeader(name: keyHeader, value: key.value))
        return headers
    }

    /// The form's own locale tag when it is in the session language (it may name a region), else the language.
    var acceptLanguage: String {
        if let locale = form.locale, Language(localeTag: locale) == language {
            let tag = locale.split(whereSeparator: { ".@".contains($0) }).first.map(String.init) ?? locale
            return tag.replacingOccurrences(of: "_", with: "-")
        }
        return language.rawValue
    }

    // MARK: - Body

    /// The body's members in form order; values for ids the form does not have are not sent.
    func bodyMembers(_ values: FormValues) -> [(String, FieldValue)] {
        form.fields.compactMap { field in
            guard let value = values[field.id] else { return nil }
            if !field.required, SubmissionRequestBuilder.isEmpty(value) { return nil }
            return (field.id, value)
        }
    }

    private static func isEmpty(_ value: FieldValue) -> Bool {
        switch value {
        case .text(let text): return text.isEmpty
        case .list(let list): return list.isEmpty
        case .number, .bool: return false
        }
    }

    static func json(_ members: [(String, FieldValue)]) -> String {
        let inner = members.map { name, value in "\(jsonString(name)):\(jsonValue(value))" }
        return "{" + inner.joined(separator: ",") + "}"
    }

    private static func jsonValue(_ value: FieldValue) -> String {
        switch value {
        case .text(let text): return jsonString(text)
        case .number(let number): return numberText(number) ?? "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .list(let items): return "[" + items.map(jsonString).joined(separator: ",") + "]"
        }
    }

    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let control where control.value < 0x20:
                out +=
                    "\\u" + String(repeating: "0", count: 4 - String(control.value, radix: 16).count)
                    + String(control.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Whole numbers without a fraction (`42`, not `42.0`), since servers often expect integers; nil for NaN and
    /// infinities, which JSON cannot carry.
    static func numberText(_ number: Double) -> String? {
        guard number.isFinite else { return nil }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }

    static func formEncoded(_ members: [(String, FieldValue)]) -> String {
        var pairs: [String] = []
        for (name, value) in members {
            let texts: [String]
            switch value {
            case .text(let text): texts = [text]
            case .number(let number): texts = [numberText(number) ?? ""]
            case .bool(let flag): texts = [flag ? "true" : "false"]
            case .list(let items): texts = items
            }
            for text in texts { pairs.append(formComponent(name) + "=" + formComponent(text)) }
        }
        return pairs.joined(separator: "&")
    }

    /// application/x-www-form-urlencoded as the WHATWG URL standard serialises it: space as `+`.
    static func formComponent(_ text: String) -> String {
        var out = ""
        for byte in Array(text.utf8) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                out += "+"
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    private static func same(_ lhs: String, _ rhs: String) -> Bool {
        lhs.caseInsensitiveCompare(rhs) == .orderedSame
    }
}
