import Foundation
import VozReplies

// The transition table of design §2.1, as one pure function. Illegal events are refused with a reason the
// session can say; they never change the state.
extension SubmissionState {
    // MARK: - Transitions

    /// What `event` does to this state.
    ///
    /// - Parameter freshKey: called only when the event starts a new payload, so a test's key generator sees
    ///   exactly the keys that were used.
    public func transition(on event: SubmissionEvent, freshKey: () -> IdempotencyKey) -> SubmissionTransition {
        switch self {
        case .idle:
            return fromIdle(event, freshKey: freshKey)
        case .sending(let attempt, let key):
            return fromSending(event, attempt: attempt, key: key)
        case .failed(let failure, let key, let attempt):
            return fromFailed(event, failure: failure, key: key, attempt: attempt, freshKey: freshKey)
        case .completed:
            return .refused(.alreadyCompleted)
        }
    }

    /// The state after `event`, unchanged when the event is refused.
    public func applying(_ event: SubmissionEvent, freshKey: () -> IdempotencyKey) -> SubmissionState {
        switch transition(on: event, freshKey: freshKey) {
        case .accepted(let state, _): return state
        case .refused: return self
        }
    }

    // MARK: - Per state

    private func fromIdle(_ event: SubmissionEvent, freshKey: () -> IdempotencyKey) -> SubmissionTransition {
        switch event {
        case .submit:
            return SubmissionState.startSending(key: freshKey())
        case .edit:
            return .accepted(.idle, effects: [])
        case .retry:
            return .refused(.nothingToRetry)
        case .succeeded, .failed, .cancel:
            return .refused(.notSending)
        }
    }

    private func fromSending(_ event: SubmissionEvent, attempt: Int, key: IdempotencyKey) -> SubmissionTransition {
        switch event {
        case .submit, .retry:
            return .refused(.busy)
        case .edit:
            return .refused(.editWhileSending)
        case .succeeded(let receipt):
            return .accepted(.completed(receipt), effects: [])
        case .failed(let failure):
            // A key only outlives its send when retrying the same data is safe and the server did not reject it.
            let keep = failure.kind == .transient && !failure.requiresNewKey
            return .accepted(.failed(failure, key: keep ? key : nil, attempt: attempt), effects: [])
        case .cancel(let unknownOutcome):
            var failure = unknownOutcome
            failure.kind = .transient
            failure.requiresNewKey = false
            return .accepted(.failed(failure, key: key, attempt: attempt), effects: [.abandonReply])
        }
    }

    private func fromFailed(
        _ event: SubmissionEvent,
        failure: SubmissionFailure,
        key: IdempotencyKey?,
        attempt: Int,
        freshKey: () -> IdempotencyKey
    ) -> SubmissionTransition {
        switch event {
        case .submit:
            // The server asked for a new key and nothing needs correcting: the same data goes again, freshly keyed.
            if failure.requiresNewKey { return SubmissionState.startSending(key: freshKey()) }
            return .refused(failure.kind == .transient ? .retryInstead : .needsCorrection)
        case .retry:
            guard failure.kind == .transient else { return .refused(.retryNotOffered) }
            guard let key else { return SubmissionState.startSending(key: freshKey()) }
            let next = attempt + 1
            return .accepted(.sending(attempt: next, key: key), effects: [.send(key: key, attempt: next)])
        case .edit:
            return .accepted(.idle, effects: [])
        case .succeeded, .failed, .cancel:
            return .refused(.notSending)
        }
    }

    private static func startSending(key: IdempotencyKey) -> SubmissionTransition {
        .accepted(.sending(attempt: 1, key: key), effects: [.send(key: key, attempt: 1)])
    }
}
