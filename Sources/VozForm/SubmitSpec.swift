import Foundation

/// The submit control of a form and the request it sends.
public struct SubmitSpec: Sendable, Equatable {
    /// The control's name ("Crear cuenta").
    public var label: String
    /// What the control is called while the request is in flight ("Enviando").
    public var busyLabel: String?
    /// Where the request goes; with `urlTemplate`, its parameters are filled before sending.
    public var url: URL
    /// The address as the file wrote it when it has `{name}` parameters filled from fields; nil otherwise.
    public var urlTemplate: String?
    /// The HTTP method, `POST` unless the file says otherwise.
    public var method: HTTPMethod
    /// How long one send may take, in seconds, before it counts as timed out.
    public var timeoutSeconds: Double
    /// The header that carries the idempotency key.
    public var idempotencyHeader: String
    /// Extra request headers, in the order the file gives them.
    public var headers: [HTTPHeader]
    /// How the values are encoded in the request body.
    public var body: BodyEncoding
    /// Whether the form is read back and confirmed before it is sent (WCAG 3.3.4).
    public var review: Bool
    /// The longest `Retry-After` wait Voz honours on its own; longer waits are left to the user.
    public var maxRetryWaitSeconds: Double

    /// A submit control named `label` that sends to `url`; the defaults are a JSON `POST`, 15 seconds, no review and
    /// `Retry-After` waits of up to a minute.
    public init(
        label: String,
        busyLabel: String? = nil,
        url: URL,
        method: HTTPMethod = .post,
        timeoutSeconds: Double = 15,
        idempotencyHeader: String = "Idempotency-Key",
        headers: [HTTPHeader] = [],
        body: BodyEncoding = .json,
        review: Bool = false,
        maxRetryWaitSeconds: Double = 60
    ) {
        self.label = label
        self.busyLabel = busyLabel
        self.url = url
        self.method = method
        self.timeoutSeconds = timeoutSeconds
        self.idempotencyHeader = idempotencyHeader
        self.headers = headers
        self.body = body
        self.review = review
        self.maxRetryWaitSeconds = maxRetryWaitSeconds
    }
}

/// The HTTP methods a form may submit with.
public enum HTTPMethod: String, Sendable, Equatable, CaseIterable {
    /// `POST`: creates something.
    case post = "POST"
    /// `PUT`: replaces something whole.
    case put = "PUT"
    /// `PATCH`: changes part of something.
    case patch = "PATCH"
}

/// How the request body is encoded.
public enum BodyEncoding: String, Sendable, Equatable, CaseIterable {
    /// A JSON object, `application/json`.
    case json
    /// `application/x-www-form-urlencoded`, nested members as bracketed names (`user[email]=…`).
    case form
}

// Codable so a reply's headers can be kept and replayed as they were (the demo service's idempotency records);
// `environmentVariable` is left out of the encoding when nil, so a stored header is only its name and value.
/// One header line of a request or reply.
public struct HTTPHeader: Sendable, Equatable, Codable {
    /// The header's name, as it is sent.
    public var name: String
    /// The header's value; filled from `environmentVariable` when that is set.
    public var value: String
    /// The environment variable the value comes from (`"$VOZ_API_KEY"` in a form file): a credential that stays
    /// out of the file, is never asked and never logged.
    public var environmentVariable: String?

    /// A header `name: value`, or one whose value comes from `environmentVariable`.
    public init(name: String, value: String, environmentVariable: String? = nil) {
        self.name = name
        self.value = value
        self.environmentVariable = environmentVariable
    }
}

extension SubmitSpec {
    /// Fills the headers whose values come from the environment; returns the first header left without one
    /// (its name and the variable), or nil when all are filled.
    public mutating func resolveHeaders(from environment: [String: String]) -> (header: String, variable: String)? {
        for index in headers.indices {
            guard let variable = headers[index].environmentVariable else { continue }
            guard let value = environment[variable], !value.isEmpty,
                !AnswerText.hasControlCharacters(value, allowLineBreaks: false)
            else { return (headers[index].name, variable) }
            headers[index].value = value
        }
        return nil
    }
}
