import Foundation
import VozAccessibility
import VozReplies

/// Something the session should say about a submission while it happens: the submit control's progress and
/// outcome, already in words (design §2.3: progress belongs to the control that caused it).
public struct SubmissionProgress: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// A request left; `attempt` is 1 for the first send of a payload.
        case sending(attempt: Int)
        /// The request is still pending after `elapsedSeconds`.
        case stillSending(elapsedSeconds: Int)
        /// A retry waits for the time the server asked for before it is sent.
        case waitingToRetry(seconds: Int)
        /// This send's data differ from `count` earlier sends still unanswered; they are kept, not discarded.
        case earlierAttemptsKept(count: Int)
        /// A waiting retry was called off (cancel or an edit); nothing was sent.
        case retryCancelled
        /// The user stopped waiting; whether the request arrived is unknown, and a retry is safe.
        case cancelled
        /// The server accepted the submission.
        case completed(Receipt)
        /// The send failed; for a transient failure the text also says when and how to retry.
        case failed(SubmissionFailure)
    }

    /// What happened.
    public var kind: Kind
    /// The sentence to say, from the catalog (or the server's own human text for outcomes).
    public var text: String
    /// How urgently to say it: an outcome interrupts, progress waits its turn.
    public var priority: Priority
    /// The submission state once this happened.
    public var state: SubmissionState

    /// A piece of progress said as `text` at `priority`, leaving the submission in `state`.
    public init(kind: Kind, text: String, priority: Priority, state: SubmissionState) {
        self.kind = kind
        self.text = text
        self.priority = priority
        self.state = state
    }

    /// Whether this ends the busy state (an outcome or a cancel), after which the submit control is enabled again.
    public var endsBusy: Bool {
        switch kind {
        case .cancelled, .completed, .failed, .retryCancelled: return true
        case .sending, .stillSending, .waitingToRetry, .earlierAttemptsKept: return false
        }
    }

    /// The state and whether the form is still busy, as of this event.
    public var status: SubmissionStatus {
        SubmissionStatus(state: state, isBusy: !endsBusy)
    }
}

/// Where a submission stands as its controller last reported it: the state (its key with it), and whether a send
/// or a wait before a retry is under way, which disables the submit control.
public struct SubmissionStatus: Sendable, Equatable {
    /// The state, with its key.
    public var state: SubmissionState
    /// Whether a send or a wait before a retry is under way; the submit control is disabled meanwhile.
    public var isBusy: Bool

    /// A status of `state`, busy or not.
    public init(state: SubmissionState, isBusy: Bool) {
        self.state = state
        self.isBusy = isBusy
    }

    /// Nothing sent, nothing under way.
    public static let idle = SubmissionStatus(state: .idle, isBusy: false)

    /// The key of the payload in flight or kept for a retry.
    public var key: IdempotencyKey? { state.key }
}

/// How a submit or retry call ended: refused at once, or carried out to the state it left.
public enum SubmissionResult: Sendable, Equatable {
    /// Nothing was sent; the reason is what the user hears.
    case refused(SubmissionRefusal)
    /// The call ran to the end: `completed`, `failed` (cancel included), or `idle` when an edit called off a waiting
    /// retry.
    case finished(SubmissionState)
}
