import Testing

@testable import VozForm
@testable import VozKit
@testable import VozReplies
@testable import VozSubmission

/// Every state × every event against the transition table written out by hand (design §2.1).
@Suite struct SubmissionStateTests {
    static let key = IdempotencyKey("key-old")
    static let fresh = IdempotencyKey("key-fresh")
    static let receipt = Receipt(message: "Cuenta creada.", reference: "42")
    static let transient = SubmissionFailure(kind: .transient, message: "No hemos podido conectar.")
    static let permanent = SubmissionFailure(
        kind: .permanent, message: "Revisa el correo.",
        fieldErrors: [FieldError(fieldID: "email", message: "Ya existe.")])
    static let reusedKey = SubmissionFailure(kind: .permanent, message: "Clave reutilizada.", requiresNewKey: true)
    static let unknown = SubmissionFailure(kind: .transient, message: "Envío cancelado.")

    enum StateSample: String, CaseIterable, Sendable {
        case idle, sending, failedTransient, failedPermanent, failedNewKey, completed

        var value: SubmissionState {
            switch self {
            case .idle: return .idle
            case .sending: return .sending(attempt: 2, key: key)
            case .failedTransient: return .failed(transient, key: key, attempt: 2)
            case .failedPermanent: return .failed(permanent, key: nil, attempt: 1)
            case .failedNewKey: return .failed(reusedKey, key: nil, attempt: 1)
            case .completed: return .completed(receipt)
            }
        }
    }

    enum EventSample: String, CaseIterable, Sendable {
        case submit, succeeded, failedTransient, failedPermanent, failedNewKey, retry, edit, cancel

        var value: SubmissionEvent {
            switch self {
            case .submit: return .submit
            case .succeeded: return .succeeded(receipt)
            case .failedTransient: return .failed(transient)
            case .failedPermanent: return .failed(permanent)
            case .failedNewKey: return .failed(reusedKey)
            case .retry: return .retry
            case .edit: return .edit
            case .cancel: return .cancel(unknownOutcome: unknown)
            }
        }
    }

    // MARK: - The table

    static let expected: [StateSample: [EventSample: SubmissionTransition]] = [
        .idle: [
            .submit: .accepted(.sending(attempt: 1, key: fresh), effects: [.send(key: fresh, attempt: 1)]),
            .succeeded: .refused(.notSending),
            .failedTransient: .refused(.notSending),
            .failedPermanent: .refused(.notSending),
            .failedNewKey: .refused(.notSending),
            .retry: .refused(.nothingToRetry),
            .edit: .accepted(.idle, effects: []),
            .cancel: .refused(.notSending),
        ],
        .sending: [
            .submit: .refused(.busy),
            .succeeded: .accepted(.completed(receipt), effects: []),
            .failedTransient: .accepted(.failed(transient, key: key, attempt: 2), effects: []),
            .failedPermanent: .accepted(.failed(permanent, key: nil, attempt: 2), effects: []),
            .failedNewKey: .accepted(.failed(reusedKey, key: nil, attempt: 2), effects: []),
            .retry: .refused(.busy),
            .edit: .refused(.editWhileSending),
            .cancel: .accepted(.failed(unknown, key: key, attempt: 2), effects: [.abandonReply]),
        ],
        .failedTransient: [
            .submit: .refused(.retryInstead),
            .succeeded: .refused(.notSending),
            .failedTransient: .refused(.notSending),
            .failedPermanent: .refused(.notSending),
            .failedNewKey: .refused(.notSending),
            .retry: .accepted(.sending(attempt: 3, key: key), effects: [.send(key: key, attempt: 3)]),
            .edit: .accepted(.idle, effects: []),
            .cancel: .refused(.notSending),
        ],
        .failedPermanent: [
            .submit: .refused(.needsCorrection),
            .succeeded: .refused(.notSending),
            .failedTransient: .refused(.notSending),
            .failedPermanent: .refused(.notSending),
            .failedNewKey: .refused(.notSending),
            .retry: .refused(.retryNotOffered),
            .edit: .accepted(.idle, effects: []),
            .cancel: .refused(.notSending),
        ],
        .failedNewKey: [
            .submit: .accepted(.sending(attempt: 1, key: fresh), effects: [.send(key: fresh, attempt: 1)]),
            .succeeded: .refused(.notSending),
            .failedTransient: .refused(.notSending),
            .failedPermanent: .refused(.notSending),
            .failedNewKey: .refused(.notSending),
            .retry: .refused(.retryNotOffered),
            .edit: .accepted(.idle, effects: []),
            .cancel: .refused(.notSending),
        ],
        .completed: Dictionary(uniqueKeysWithValues: EventSample.allCases.map { ($0, .refused(.alreadyCompleted)) }),
    ]

    @Test(arguments: StateSample.allCases, EventSample.allCases)
    func transitionFollowsTheTable(state: StateSample, event: EventSample) throws {
        let expected = try #require(Self.expected[state]?[event], "no expectation for \(state) × \(event)")
        var keysMade = 0
        let actual = state.value.transition(on: event.value) {
            keysMade += 1
            return Self.fresh
        }
        #expect(actual == expected)

        // A new key is drawn exactly when the transition sends with it, never on a refusal.
        let sendsFresh =
            expected == .accepted(.sending(attempt: 1, key: Self.fresh), effects: [.send(key: Self.fresh, attempt: 1)])
        #expect(keysMade == (sendsFresh ? 1 : 0))

        // Illegal events leave the state unchanged.
        let after = state.value.applying(event.value) { Self.fresh }
        if case .refused = expected {
            #expect(after == state.value)
        }
    }

    // MARK: - Details the table does not show

    @Test func cancellingIsAlwaysTransientAndKeepsTheKeyWhateverTheFailureSays() {
        let misleading = SubmissionFailure(kind: .permanent, message: "x", requiresNewKey: true)
        let state = SubmissionState.sending(attempt: 1, key: Self.key).applying(.cancel(unknownOutcome: misleading)) {
            Self.fresh
        }
        guard case .failed(let failure, let key, _) = state else {
            Issue.record("expected failed, got \(state)")
            return
        }
        #expect(failure.kind == .transient)
        #expect(!failure.requiresNewKey)
        #expect(key == Self.key)
    }

    @Test func aTransientFailureThatLostItsKeyRetriesWithAFreshOne() {
        let state = SubmissionState.failed(Self.transient, key: nil, attempt: 1)
        let transition = state.transition(on: .retry) { Self.fresh }
        #expect(
            transition
                == .accepted(.sending(attempt: 1, key: Self.fresh), effects: [.send(key: Self.fresh, attempt: 1)]))
    }

    @Test(arguments: [
        (SubmissionState.idle, "idle"),
        (.sending(attempt: 1, key: key), "sending"),
        (.failed(transient, key: key, attempt: 1), "failed"),
        (.completed(receipt), "completed"),
    ])
    func statesHaveTranscriptNames(state: SubmissionState, name: String) {
        #expect(state.phase.rawValue == name)
    }
}
