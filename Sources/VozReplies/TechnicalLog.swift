import Foundation
import VozForm
import VozJSON
import VozSupport

/// Where the technical detail of a submission goes: status codes, headers, raw bodies, transport errors.
///
/// Nothing written here is ever shown or spoken; it is for the developer of the form's server and for bug
/// reports. Entries are already redacted when they arrive (see `LogRedactor`). Implementations must not throw
/// or block for long: a log that cannot be written never stops a submission.
public protocol TechnicalLogging: Sendable {
    /// Adds `entry` to the log; a failure to write is swallowed, never thrown.
    func write(_ entry: TechnicalLogEntry)
}

/// One line of the technical log (JSON Lines).
public struct TechnicalLogEntry: Sendable, Equatable, Codable {
    /// When it happened.
    public var time: Date
    /// What happened: `request`, `reply`, `transportError`.
    public var event: String
    /// The form's id.
    public var form: String?
    /// The request's HTTP method.
    public var method: String?
    /// The request's address, secrets in it redacted.
    public var url: String?
    /// The reply's HTTP status code.
    public var status: Int?
    /// Headers, credentials redacted.
    public var headers: [String: String]?
    /// The body, secrets redacted, truncated to `LogRedactor.bodyLimit` bytes.
    public var body: String?
    /// The body's full size in bytes.
    public var bodyBytes: Int?
    /// How Voz read it (format recognised, text replaced, unknown fields) or the transport error's detail.
    public var detail: String?

    /// An entry for `event` with whatever of the rest it has; the static factories make the usual ones.
    public init(
        time: Date = Date(),
        event: String,
        form: String? = nil,
        method: String? = nil,
        url: String? = nil,
        status: Int? = nil,
        headers: [String: String]? = nil,
        body: String? = nil,
        bodyBytes: Int? = nil,
        detail: String? = nil
    ) {
        self.time = time
        self.event = event
        self.form = form
        self.method = method
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
        self.bodyBytes = bodyBytes
        self.detail = detail
    }

    // MARK: - Entries for each event

    /// A request about to be sent: method, URL, headers and body, redacted.
    public static func request(
        _ request: SubmissionRequest, form: Form, redactor: LogRedactor, time: Date = Date()
    ) -> TechnicalLogEntry {
        TechnicalLogEntry(
            time: time, event: "request", form: form.id, method: request.method.rawValue,
            url: redactor.text(request.url.absoluteString), headers: redactor.headers(request.headers),
            body: redactor.body(request.body), bodyBytes: request.body.count)
    }

    /// A reply as it arrived, redacted, with how it was read.
    public static func reply(
        _ reply: HTTPReply, form: Form, redactor: LogRedactor, notes: [String] = [], time: Date = Date()
    ) -> TechnicalLogEntry {
        TechnicalLogEntry(
            time: time, event: "reply", form: form.id, status: reply.status, headers: redactor.headers(reply.headers),
            body: redactor.body(reply.body), bodyBytes: reply.body.count,
            detail: notes.isEmpty ? nil : redactor.text(notes.joined(separator: "; ")))
    }

    /// A reply that never came.
    public static func transportError(
        _ error: TransportError, form: Form, redactor: LogRedactor, time: Date = Date()
    ) -> TechnicalLogEntry {
        TechnicalLogEntry(time: time, event: "transportError", form: form.id, detail: redactor.text(error.description))
    }

    // MARK: - JSON Lines

    /// The entry as one line of JSON (no trailing newline), keys sorted, time in ISO 8601 with milliseconds.
    public func jsonLine() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(UTCTimestamp.string(from: date))
        }
        guard let data = try? encoder.encode(self), let line = String(data: data, encoding: .utf8) else {
            return "{\"event\":\"\(event)\",\"detail\":\"entry could not be encoded\"}"
        }
        // The log is read with cat and less: a reply's C1 controls or direction overrides are escaped, not raw.
        return InvisibleScalars.escaped(inJSON: line)
    }
}
