import Foundation
import VozForm
import VozLocalization

/// Turns a server reply, or the reason no reply came, into a translated outcome for a form.
///
/// Every format of design §6 is read into one shape; errors land on the form's fields (in form order, never the
/// server's), errors about fields the form does not have join the general message, and everything technical —
/// status codes, HTML pages, parser diagnostics, echoed secrets — stays out of what the user hears. When given a
/// log, each interpretation writes the raw reply there, redacted.
public struct ReplyInterpreter: Sendable {
    /// The form the replies answer: their errors land on its fields, in its order.
    public let form: Form
    /// Says the outcome in the session's language.
    public let localizer: Localizer
    /// The values that were sent; secret ones are looked for in everything the server says back.
    public let submitted: FormValues
    /// Every value the secret fields held in the session, submitted or not: all are looked for too.
    public let formerSecrets: [String]
    let log: (any TechnicalLogging)?
    let now: @Sendable () -> Date
    let matcher: ServerFieldMatcher
    let redactor: LogRedactor

    /// An interpreter that knows no submitted values and writes no log.
    public init(form: Form, localizer: Localizer) {
        self.init(form: form, localizer: localizer, submitted: FormValues())
    }

    /// An interpreter that knows the submitted values and the secrets held before them, writes to `log`, and
    /// reads `Retry-After` dates against `now` when the reply has no `Date` header.
    public init(
        form: Form,
        localizer: Localizer,
        submitted: FormValues,
        formerSecrets: [String] = [],
        log: (any TechnicalLogging)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.form = form
        self.localizer = localizer
        self.submitted = submitted
        self.formerSecrets = formerSecrets
        self.log = log
        self.now = now
        matcher = ServerFieldMatcher(form: form)
        redactor = LogRedactor(form: form, submitted: submitted, formerSecrets: formerSecrets)
    }

    // MARK: - Interpreting

    /// What this reply means for the submission.
    public func interpret(_ reply: HTTPReply) -> ReplyOutcome {
        let result = interpretation(of: reply)
        log?.write(.reply(reply, form: form, redactor: redactor, notes: result.notes))
        return result.outcome
    }

    /// What a transport error means for the submission.
    public func interpret(_ error: TransportError) -> ReplyOutcome {
        log?.write(.transportError(error, form: form, redactor: redactor))
        return interpretation(of: error).outcome
    }

    /// The outcome of a reply with notes on how it was read, for the technical log; writes nothing.
    public func interpretation(of reply: HTTPReply) -> ReplyInterpretation {
        var reading = ReplyReading(interpreter: self, reply: reply)
        var outcome = reading.outcome()
        // A reply is an answer: the state said after it is "failed", not "may have arrived". A gateway's 502 or 504
        // is not the server's: the request may have reached it.
        if case .failure(var failure) = outcome, ![502, 504].contains(reply.status) {
            failure.answered = true
            outcome = .failure(failure)
        }
        // What became of a success's body is for the log: the head already said the send succeeded.
        let notes = (reply.bodyFault.map { ["body not read whole: \($0)"] } ?? []) + reading.notes
        return ReplyInterpretation(outcome: outcome, notes: notes.map(redactor.text))
    }

    /// The outcome of a transport error with its technical detail; writes nothing.
    public func interpretation(of error: TransportError) -> ReplyInterpretation {
        let verdict = ReplyClassifier.verdict(for: error)
        let failure = SubmissionFailure(kind: verdict.kind, message: localizer.text(verdict.key))
        return ReplyInterpretation(outcome: .failure(failure), notes: [redactor.text(error.description)])
    }
}

/// An outcome and the technical notes on how it was reached (format recognised, text replaced, unknown
/// fields), secrets already redacted. The notes are for the technical log only.
public struct ReplyInterpretation: Sendable, Equatable {
    /// What the reply means for the submission.
    public var outcome: ReplyOutcome
    /// How the reply was read, for the technical log only.
    public var notes: [String]

    /// An outcome with these notes.
    public init(outcome: ReplyOutcome, notes: [String]) {
        self.outcome = outcome
        self.notes = notes
    }
}
