import Foundation
import VozReplies
import VozTranscript

/// Where a form's submission stands (design §2.1): a value, so impossible states cannot be represented.
///
/// `idle → sending → completed | failed`; `failed → sending` only by an explicit retry, `failed → idle` when a
/// field is edited. Transitions are pure (`transition(on:freshKey:)`); the controller does the I/O.
public enum SubmissionState: Sendable, Equatable {
    /// Nothing sent for the current values.
    case idle
    /// A request is in flight. `attempt` counts the sends of this key, from 1.
    case sending(attempt: Int, key: IdempotencyKey)
    /// The last send failed. The key is kept while a retry of the same data is safe (transient failures), and is
    /// nil when the server rejected the data or asked for a new key.
    case failed(SubmissionFailure, key: IdempotencyKey?, attempt: Int)
    /// The server accepted the submission.
    case completed(Receipt)

    /// The state's phase, as transcripts and announcements record it.
    public var phase: SubmissionPhase {
        switch self {
        case .idle: return .idle
        case .sending: return .sending
        case .failed: return .failed
        case .completed: return .completed
        }
    }

    /// The key of the payload in flight or kept for a retry.
    public var key: IdempotencyKey? {
        switch self {
        case .sending(_, let key): return key
        case .failed(_, let key, _): return key
        case .idle, .completed: return nil
        }
    }

    /// Whether a request is in flight, which disables the submit control.
    public var isSending: Bool {
        if case .sending = self { return true }
        return false
    }

    /// The failure, in the failed state.
    public var failure: SubmissionFailure? {
        if case .failed(let failure, _, _) = self { return failure }
        return nil
    }
}

/// Something that happens to a submission: the user's commands and the transport's outcomes.
public enum SubmissionEvent: Sendable, Equatable {
    /// The user sends the form.
    case submit
    /// The server accepted the submission.
    case succeeded(Receipt)
    /// The send failed, as the reply interpreter translated it.
    case failed(SubmissionFailure)
    /// The user asks to send the same data again.
    case retry
    /// The user changed a field.
    case edit
    /// The user stopped waiting. The reply may still reach the server, so the outcome is unknown: `unknownOutcome`
    /// is the failure to report, always treated as transient (a retry with the same key is safe).
    case cancel(unknownOutcome: SubmissionFailure)

    /// The event's name for logs and tests.
    public var name: String {
        switch self {
        case .submit: return "submit"
        case .succeeded: return "succeeded"
        case .failed: return "failed"
        case .retry: return "retry"
        case .edit: return "edit"
        case .cancel: return "cancel"
        }
    }
}

/// What the controller must do after an accepted transition.
public enum SubmissionEffect: Sendable, Equatable {
    /// Send the current payload with this key; `attempt` counts sends of the key, from 1.
    case send(key: IdempotencyKey, attempt: Int)
    /// Stop waiting for the reply in flight; a late reply is ignored.
    case abandonReply
}

/// The result of offering an event to a state: the new state and its effects, or why the event was refused.
public enum SubmissionTransition: Sendable, Equatable {
    /// The event moves the submission to this state, and the controller must carry out `effects` in order.
    case accepted(SubmissionState, effects: [SubmissionEffect])
    /// The event cannot happen in this state; nothing changes.
    case refused(SubmissionRefusal)
}
