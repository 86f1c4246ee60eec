import Foundation
import VozForm
import VozJSON
import VozLocalization

/// An RFC 9457 problem details document, sent as `application/problem+json`.
///
/// Field errors use the shape of the RFC's own example (§3): an `errors` extension member holding an array of
/// `{"detail": "...", "pointer": "#/email"}`, where `pointer` is a JSON Pointer into the request body written as a
/// URI fragment. Errors come in the order the rules ran, not in any form's order: clients must sort them.
struct ProblemDetails: Sendable {
    /// One error that belongs to a member of the request body.
    struct FieldError: Sendable, Equatable {
        /// A JSON Pointer into the body as a URI fragment: `#/email`, `#/address/city`.
        var pointer: String
        var detail: String

        /// An error on the top-level member `field`, escaping `~` and `/` as RFC 6901 requires.
        init(field: String, detail: String) {
            let escaped = field.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            self.init(pointer: "#/" + escaped, detail: detail)
        }

        init(pointer: String, detail: String) {
            self.pointer = pointer
            self.detail = detail
        }
    }

    /// A URI naming the kind of problem; the service's own, as real servers use theirs.
    var type: String
    var title: String
    var status: Int
    var detail: String
    var errors: [FieldError] = []

    /// The problem kinds the service uses, as `type` URIs.
    enum Kind: String {
        case validation, duplicate = "account-exists", blocked = "account-blocked"
        case idempotencyKeyReused = "idempotency-key-reused", idempotencyKeyInFlight = "idempotency-key-in-flight"
        case idempotencyKeyInvalid = "idempotency-key-invalid"
        case badRequest = "bad-request", unsupportedMediaType = "unsupported-media-type"
        case notFound = "not-found", methodNotAllowed = "method-not-allowed", internalError = "internal-error"
        /// A request refused at the HTTP level: RFC 9457 §4.2.1's `about:blank`, whose title is the status phrase.
        case protocolError = "about:blank"

        var uri: String {
            self == .protocolError ? rawValue : "https://demo.voz.example/problems/\(rawValue)"
        }
    }

    init(_ kind: Kind, title: String, status: Int, detail: String, errors: [FieldError] = []) {
        self.type = kind.uri
        self.title = title
        self.status = status
        self.detail = detail
        self.errors = errors
    }

    /// The document in member order: type, title, status, detail, then errors when there are any.
    var json: JSONNode {
        var members: [(String, JSONNode)] = [
            ("type", .string(type)), ("title", .string(title)), ("status", .number(Double(status))),
            ("detail", .string(detail)),
        ]
        if !errors.isEmpty {
            members.append(
                (
                    "errors",
                    .array(errors.map { .object([("detail", .string($0.detail)), ("pointer", .string($0.pointer))]) })
                )
            )
        }
        return .object(members)
    }

    /// The reply carrying this problem, in `language`.
    func response(language: Language, extraHeaders: [HTTPHeader] = []) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [
                HTTPHeader(name: "Content-Type", value: "application/problem+json"),
                HTTPHeader(name: "Content-Language", value: language.rawValue),
            ] + extraHeaders,
            body: json.data)
    }
}
