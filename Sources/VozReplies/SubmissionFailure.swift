import Foundation
import VozForm
import VozTranscript

/// Why a submission did not complete, already translated for the user.
///
/// Produced by the reply interpreter (Server/) from a reply or a transport error; carried by the state machine's
/// `failed` state; read by the session to announce the outcome and move focus.
public struct SubmissionFailure: Sendable, Equatable {
    /// Whether the same data may simply be sent again.
    public typealias Kind = SubmissionFailureKind

    /// Whether sending the same data again can succeed.
    public var kind: Kind
    /// The general sentence the user hears (from the catalog, or the server's own human text).
    public var message: String
    /// Errors that landed on form fields, in form order.
    public var fieldErrors: [FieldError]
    /// The earliest moment a retry makes sense, in seconds from when the reply arrived.
    public var retryAfterSeconds: Double?
    /// True when the server said the idempotency key was used with other data: the next send needs a new key.
    public var requiresNewKey: Bool
    /// True when the server itself replied (a 503 or a 429 is an answer: the request was not taken); false when no
    /// reply came, or only a gateway's saying the server behind it did not answer, so the request may have arrived.
    public var answered: Bool
    /// How many errors are said beyond one for each failing field: each error of the general message (on a field
    /// the form does not have, an item that was not sent, a field that did not apply, the whole form) and a field's
    /// second and third messages. Each is said once.
    public var errorsBeyondFields: Int = 0

    /// Every error said. The count said ("Hay 3 errores") is this: never fewer, nor more, than the errors heard.
    public var errorCount: Int { fieldErrors.count + errorsBeyondFields }

    /// A failure said as `message`, with the errors that landed on fields.
    public init(
        kind: Kind,
        message: String,
        fieldErrors: [FieldError] = [],
        retryAfterSeconds: Double? = nil,
        requiresNewKey: Bool = false,
        answered: Bool = false
    ) {
        self.kind = kind
        self.message = message
        self.fieldErrors = fieldErrors
        self.retryAfterSeconds = retryAfterSeconds
        self.requiresNewKey = requiresNewKey
        self.answered = answered
    }

    /// The first failing field in form order, where focus goes.
    public var firstFailingField: String? { fieldErrors.first?.fieldID }
}

/// What a completed submission left behind.
public struct Receipt: Sendable, Equatable {
    /// The sentence announced on success ("Cuenta creada.").
    public var message: String
    /// The identifier the server gave the created thing, when it gave one.
    public var reference: String?

    /// A receipt announced as `message`, with the server's identifier for what it made.
    public init(message: String, reference: String? = nil) {
        self.message = message
        self.reference = reference
    }
}

/// What one reply (or transport error) means for the submission.
public enum ReplyOutcome: Sendable, Equatable {
    /// The server took the form; the receipt says what it made.
    case success(Receipt)
    /// The form was not taken, and why.
    case failure(SubmissionFailure)
}
