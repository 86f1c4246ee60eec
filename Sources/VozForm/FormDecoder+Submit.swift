import Foundation
import VozJSON

/// Decoding the submit control and the request it sends.
extension FormDecoder {
    static let submitKeys = [
        "label", "busyLabel", "url", "method", "timeoutSeconds", "idempotencyHeader", "headers", "body", "review",
        "maxRetryWaitSeconds",
    ]

    mutating func submit(_ node: JSONNode, at path: String) throws(FormFileError) -> SubmitSpec {
        let members = try object(
            node, at: path, allowed: Self.submitKeys, what: .what("submitObject"))
        let label = try labelText(members, "label", what: .what("submitLabel"))
        let (url, template) = try self.url(members)
        var spec = SubmitSpec(label: label, url: url)
        spec.urlTemplate = template
        spec.busyLabel = try optionalText(members, "busyLabel", what: .what("busyLabel"))
        let methods = HTTPMethod.allCases.map(\.rawValue)
        if let method = try optionalChoice(members, "method", among: methods, caseInsensitive: true) {
            spec.method = HTTPMethod(rawValue: method) ?? .post
        }
        if let timeout = try optionalSeconds(members, "timeoutSeconds", in: 0...600, allowZero: false) {
            spec.timeoutSeconds = timeout
        }
        if let member = members["idempotencyHeader"] {
            guard let header = member.value.string, Self.isHeaderName(header) else {
                throw mismatch(members.path("idempotencyHeader"), member.value, expected: .what("headerName"))
            }
            spec.idempotencyHeader = header
        }
        spec.headers = try headers(members)
        if let body = try optionalChoice(members, "body", among: BodyEncoding.allCases.map(\.rawValue)) {
            spec.body = BodyEncoding(rawValue: body) ?? .json
        }
        spec.review = try optionalBool(members, "review") ?? spec.review
        if let wait = try optionalSeconds(members, "maxRetryWaitSeconds", in: 0...3600, allowZero: true) {
            spec.maxRetryWaitSeconds = wait
        }
        return spec
    }

    /// The address, and the text it was written as when it has `{name}` parameters.
    private func url(_ members: Members) throws(FormFileError) -> (URL, String?) {
        let what = FormProblem.what("address")
        let member = try required(members, "url", what: what)
        guard let written = member.value.string else {
            throw mismatch(members.path("url"), member.value, expected: what)
        }
        let parameters = URLTemplate.parameters(in: written)
        guard let parameters else {
            throw fail(
                members.path("url"), member.value.line,
                "urlBraces", ["open": "\"{\"", "close": "\"}\""])
        }
        // Each parameter stands in for a path segment; the address must be valid whatever fills it.
        let text = parameters.isEmpty ? written : URLTemplate.fill(written) { _ in "x" }
        guard let url = URL(string: text),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { throw mismatch(members.path("url"), member.value, expected: what) }
        return (url, parameters.isEmpty ? nil : written)
    }

    private mutating func headers(_ members: Members) throws(FormFileError) -> [HTTPHeader] {
        guard let member = members["headers"] else { return [] }
        let path = members.path("headers")
        let table = try object(member.value, at: path, allowed: nil, what: .what("headers"))
        var headers: [HTTPHeader] = []
        for entry in table.list {
            let entryPath = table.path(entry.key)
            guard Self.isHeaderName(entry.key) else {
                throw fail(entryPath, entry.keyLine, "badHeaderName", ["name": QuotedText.quote(entry.key)])
            }
            // A line break in a value would let a form file add headers of its own choosing.
            guard let value = entry.value.string, !AnswerText.hasControlCharacters(value, allowLineBreaks: false) else {
                throw mismatch(
                    entryPath, entry.value, expected: .what("headerValue"))
            }
            if let variable = Self.environmentVariable(in: value) {
                headers.append(HTTPHeader(name: entry.key, value: "", environmentVariable: variable))
            } else {
                headers.append(HTTPHeader(name: entry.key, value: value))
            }
        }
        return headers
    }

    /// `NAME` of a header value written `$NAME`: letters, digits and `_`, not starting with a digit.
    static func environmentVariable(in value: String) -> String? {
        guard value.hasPrefix("$") else { return nil }
        let name = value.dropFirst()
        guard let first = name.first, !first.isNumber,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        else { return nil }
        return String(name)
    }

    /// An HTTP token (RFC 9110 §5.6.2).
    static func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar)
                        || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
            }
    }
}
