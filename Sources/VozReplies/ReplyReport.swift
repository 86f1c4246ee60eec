import Foundation
import VozForm
import VozJSON
import VozLocalization

/// What Voz makes of one server reply for a form, as `voz reply` prints it: the outcome, where each error
/// lands, where focus goes, and the sentences the user would hear, in order.
///
/// Form authors use it to check their API against their form without running a session.
public struct ReplyReport: Sendable, Equatable, Codable {
    /// The kind of outcome.
    public enum Kind: String, Sendable, Equatable, Codable {
        /// The server accepted the form.
        case success
        /// A permanent failure with errors on fields.
        case fieldErrors
        /// A failure that may pass: sending again later can succeed.
        case transient
        /// A failure with no error on any field, which sending again will not fix.
        case permanent
    }

    /// Which kind of outcome the reply is.
    public var kind: Kind
    /// Field id → the message the user hears on that field.
    public var fields: [String: String]
    /// The general sentence (the receipt's on success).
    public var general: String
    /// How long the server asked to wait before retrying, in seconds; nil when it did not say.
    public var retryAfterSeconds: Double?
    /// The first failing field in form order: where focus goes.
    public var firstFocus: String?
    /// Whether the next send must carry a new idempotency key.
    public var requiresNewKey: Bool
    /// The sentences the user would hear, in order.
    public var spoken: [String]

    /// A report with these parts, as `voz reply` would print them.
    public init(
        kind: Kind,
        fields: [String: String] = [:],
        general: String,
        retryAfterSeconds: Double? = nil,
        firstFocus: String? = nil,
        requiresNewKey: Bool = false,
        spoken: [String]
    ) {
        self.kind = kind
        self.fields = fields
        self.general = general
        self.retryAfterSeconds = retryAfterSeconds
        self.firstFocus = firstFocus
        self.requiresNewKey = requiresNewKey
        self.spoken = spoken
    }

    // MARK: - Making a report

    /// The report for one reply, read as a session of `form` would read it.
    public init(form: Form, localizer: Localizer, reply: HTTPReply, submitted: FormValues = FormValues()) {
        let interpreter = ReplyInterpreter(form: form, localizer: localizer, submitted: submitted)
        self.init(outcome: interpreter.interpret(reply), form: form, localizer: localizer)
    }

    /// The report for an outcome already interpreted.
    public init(outcome: ReplyOutcome, form: Form, localizer: Localizer) {
        switch outcome {
        case .success(let receipt):
            self.init(kind: .success, general: receipt.message, spoken: [receipt.message])
        case .failure(let failure):
            var spoken = [failure.message]
            if !failure.fieldErrors.isEmpty {
                spoken.append(localizer.plural("server.errorCount", count: failure.errorCount))
                for error in failure.fieldErrors {
                    let label = form.field(id: error.fieldID)?.label ?? error.fieldID
                    spoken.append(localizer.text("server.report.field", ["label": label, "message": error.message]))
                }
            }
            if let seconds = failure.retryAfterSeconds, failure.kind == .transient {
                spoken.append(Self.retrySentence(seconds: seconds, localizer: localizer))
            }
            let kind: Kind =
                failure.kind == .transient ? .transient : failure.fieldErrors.isEmpty ? .permanent : .fieldErrors
            self.init(
                kind: kind,
                fields: Dictionary(
                    failure.fieldErrors.map { ($0.fieldID, $0.message) }, uniquingKeysWith: { a, _ in a }),
                general: failure.message, retryAfterSeconds: failure.retryAfterSeconds,
                firstFocus: failure.firstFailingField, requiresNewKey: failure.requiresNewKey, spoken: spoken)
        }
    }

    /// "Podrás reintentar en 7 segundos." — in the words of `SpokenDuration`; no wait is "you can retry now",
    /// never "0 seconds".
    public static func retrySentence(seconds: Double, localizer: Localizer) -> String {
        let whole = SpokenDuration.wholeSeconds(seconds)
        guard whole > 0 else { return localizer.text("server.retryAfter.now") }
        return localizer.text("server.retryAfter.in", ["time": SpokenDuration.words(seconds: whole, localizer)])
    }

    // MARK: - JSON

    private enum CodingKeys: String, CodingKey {
        case kind, fields, general, retryAfterSeconds, firstFocus, requiresNewKey, spoken
    }

    /// Writes every key, an absent value as `null`, so a script reading the report finds them all.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(fields, forKey: .fields)
        try container.encode(general, forKey: .general)
        try container.encode(retryAfterSeconds, forKey: .retryAfterSeconds)
        try container.encode(firstFocus, forKey: .firstFocus)
        try container.encode(requiresNewKey, forKey: .requiresNewKey)
        try container.encode(spoken, forKey: .spoken)
    }

    /// The report as pretty-printed JSON with sorted keys.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else { return "{}" }
        return InvisibleScalars.escaped(inJSON: text)
    }
}
