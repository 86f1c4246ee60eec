import VozForm
import VozReplies
import VozSubmission
import VozSupport

/// How a form run ended, and the answers it ended with: what a tool built on VozKit acts on.
public struct FormOutcome: Sendable, Equatable {
    /// Which way the run ended.
    public enum Ending: Sendable, Equatable {
        /// The server accepted the form.
        case sent(Receipt)
        /// The last send was refused by the server, and nothing was changed after it: the errors are the server's.
        case rejected(ServerRejection)
        /// The last send failed in a way that passes (no connection, a timeout, a busy server, a cancelled wait):
        /// the same answers may be sent again later, and the draft keeps them.
        case failedTransiently(TransientFailure)
        /// The person left with the quit command; the draft was kept.
        case quit
        /// Input ended (an answers file ran out, or end of input at the terminal); the draft was kept.
        case inputEnded
        /// Ctrl-C, or a signal to stop; the draft was kept.
        case interrupted
        /// An answers file's line was refused (a bad e-mail address): the run stopped at it, nothing sent.
        case answerRefused(RefusedAnswer)
    }

    /// Which way the run ended.
    public var ending: Ending
    /// Every answer given, parsed, by field id.
    public var answers: FormAnswers
    /// Changes typed while the send that succeeded was in flight, which did not go with it (the person was told):
    /// by field id, the values they would have set. Empty when there were none.
    public var unsent: FormAnswers

    /// An outcome with `ending` and `answers`, and the `unsent` changes typed during a send that succeeded.
    public init(ending: Ending, answers: FormAnswers, unsent: FormAnswers = FormAnswers(values: FormValues())) {
        self.ending = ending
        self.answers = answers
        self.unsent = unsent
    }

    /// Whether the server accepted the form.
    public var isSent: Bool {
        if case .sent = ending { return true }
        return false
    }

    /// The exit status a command-line tool ends with, as `voz` does: 0 sent, 130 interrupted, 2 for an answers
    /// file to fix, 1 otherwise.
    public var exitStatus: Int32 {
        switch ending {
        case .sent: return 0
        case .interrupted: return 130
        case .answerRefused: return 2
        case .rejected, .failedTransiently, .quit, .inputEnded: return 1
        }
    }
}

/// What the server said when it refused the form.
public struct ServerRejection: Sendable, Equatable {
    /// An error that landed on one of the form's fields.
    public struct FieldProblem: Sendable, Equatable {
        /// The field's id.
        public var id: String
        /// The field's label, as the person heard it.
        public var label: String
        /// What is wrong, in the session's language; never a code.
        public var message: String

        /// The error `message` on the field `id`, labelled `label`.
        public init(id: String, label: String, message: String) {
            self.id = id
            self.label = label
            self.message = message
        }
    }

    /// The errors on fields, in form order: the first is where the person was sent.
    public var fields: [FieldProblem]
    /// The general sentence, with errors for fields the form does not have folded in.
    public var message: String

    /// A rejection with `fields` in form order and the general `message`.
    public init(fields: [FieldProblem], message: String) {
        self.fields = fields
        self.message = message
    }
}

/// A failure that may pass: what the person was told, and how long the server asked to wait.
public struct TransientFailure: Sendable, Equatable {
    /// What went wrong, in the session's language, without the session's own commands (the run is over).
    public var message: String
    /// How long the server asked to wait before sending again (`Retry-After`), when it said.
    public var retryAfter: Duration?

    /// A failure said as `message`, with the wait the server asked for, if it asked.
    public init(message: String, retryAfter: Duration? = nil) {
        self.message = message
        self.retryAfter = retryAfter
    }
}

extension FormOutcome {
    /// The outcome of a session that ended with `result`, its submission in `state`, its values `values`.
    ///
    /// A run that ended without sending but with its last send refused (and nothing edited since) ends in that
    /// refusal: an answers file that runs out after a rejection was rejected, not merely ended.
    public init(result: SessionResult, state: SubmissionState, values: FormValues, form: Form) {
        let answers = FormAnswers(values: values)
        switch result {
        case .completed(let receipt):
            self.init(ending: .sent(receipt), answers: answers)
        case .interrupted:
            self.init(ending: .interrupted, answers: answers)
        case .answerRefused(let refused):
            self.init(ending: .answerRefused(refused), answers: answers)
        case .quit, .inputEnded:
            guard case .failed(let failure, _, _) = state else {
                self.init(ending: result == .quit ? .quit : .inputEnded, answers: answers)
                return
            }
            switch failure.kind {
            case .permanent:
                self.init(ending: .rejected(ServerRejection(failure, form: form)), answers: answers)
            case .transient:
                let wait = failure.retryAfterSeconds.map { Duration.milliseconds(Int64(($0 * 1_000).rounded())) }
                self.init(
                    ending: .failedTransiently(
                        TransientFailure(message: TextSanitizer.clean(failure.message), retryAfter: wait)),
                    answers: answers)
            }
        }
    }
}

extension ServerRejection {
    /// The rejection `failure` describes, its field errors in `form`'s order, with their labels.
    init(_ failure: SubmissionFailure, form: Form) {
        let fields = form.fields.compactMap { field -> FieldProblem? in
            guard let error = failure.fieldErrors.first(where: { $0.fieldID == field.id }) else { return nil }
            return FieldProblem(id: field.id, label: field.label, message: TextSanitizer.clean(error.message))
        }
        // The session cleaned what it said; what a tool prints from here gets the same, whatever it does with it.
        self.init(fields: fields, message: TextSanitizer.clean(failure.message))
    }
}
