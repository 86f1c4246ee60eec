import Foundation
import VozForm
import VozLocalization
import VozReplies
import VozSupport

/// Sends a form and lives through the minute after (design §2 and §6): the guard against double submission, the
/// idempotency key's lifecycle, the timeout, cancel, and retries that honour `Retry-After`.
///
/// The session calls `submit`, `retry`, `cancel` and `edit`, and says every `progress` event as it arrives. While a
/// submit or retry call is suspended on the network the actor stays free, so a second `submit` is refused at once
/// with the disabled reason and `cancel` stops the wait.
public actor SubmissionController {
    /// Timings and sources the session may tune; tests make them small and predictable.
    public struct Options: Sendable {
        /// When the first "still sending" is said; nil never says it.
        public var stillSendingAfter: Duration?
        /// How often "still sending" is repeated after the first.
        public var stillSendingEvery: Duration
        /// Where new idempotency keys come from.
        public var keys: IdempotencyKeyGenerator

        /// Where the pending attempts are written before a request leaves; nil keeps them in memory only. When it
        /// cannot write, nothing is sent.
        public var journal: (any PendingAttemptJournal)?
        /// libcrypt's yescrypt cost for the fingerprints of new attempts.
        public var fingerprintCost: Int
        /// What the timeout, the "still sending" reminders and the wait before a retry sleep on and measure with.
        public var clock: any Clock<Duration>
        /// The rules every request is checked against before it leaves (secrets, headers, dot segments).
        public var policy: SendingPolicy

        /// Options with the session's defaults: reminders after 3 s and every 5 s, random keys, no journal, the
        /// continuous clock, every sending rule kept.
        public init(
            stillSendingAfter: Duration? = .seconds(3),
            stillSendingEvery: Duration = .seconds(5),
            keys: IdempotencyKeyGenerator = .random,
            journal: (any PendingAttemptJournal)? = nil,
            fingerprintCost: Int = PayloadFingerprint.defaultCost,
            clock: any Clock<Duration> = ContinuousClock(),
            policy: SendingPolicy = .standard
        ) {
            self.stillSendingAfter = stillSendingAfter
            self.stillSendingEvery = stillSendingEvery
            self.keys = keys
            self.journal = journal
            self.fingerprintCost = fingerprintCost
            self.clock = clock
            self.policy = policy
        }
    }

    /// The form this controller sends.
    public nonisolated let form: Form
    /// Every progress event, in order, for one consumer (the session). Ends when the controller goes away.
    public nonisolated let progress: AsyncStream<SubmissionProgress>

    let transport: any Transport
    let interpreter: any ReplyInterpreting
    let localizer: Localizer
    let builder: SubmissionRequestBuilder
    let options: Options
    let progressSink: AsyncStream<SubmissionProgress>.Continuation
    /// `options.clock`, read as the time since the controller was made.
    let stopwatch: Stopwatch

    /// Where the submission stands.
    public internal(set) var state: SubmissionState = .idle
    /// Sends whose outcome is not known, this run's and earlier runs' (from the draft): the one copy of them.
    public internal(set) var pendingAttempts: [PendingAttempt]
    /// The values the current key belongs to; a retry sends exactly these.
    var payload: FormValues?
    /// The earliest moment the server accepts a retry (`Retry-After`), on the stopwatch.
    var retryNotBefore: Duration?
    /// The send in flight, so `cancel` can stop waiting for it.
    var inFlight: FirstOutcome<AttemptEnd>?
    /// A retry waiting for `retryNotBefore`, so `cancel` and `edit` can call it off.
    var retryWait: FirstOutcome<Bool>?
    /// The send or wait begun last, which `submit` and `retry` await.
    var work: Task<SubmissionResult, Never>?

    /// A controller for `form`, sending through `transport` and translating replies with `interpreter` (whose
    /// localizer is the session's language).
    ///
    /// - Parameter pending: the attempts an earlier run left unanswered (the draft's), matched by fingerprint; those
    ///   past `PendingAttempt.lifetime`, and all but the newest `PendingAttempt.limit`, are let go.
    public init(
        form: Form, transport: any Transport, interpreter: any ReplyInterpreting, options: Options = Options(),
        pending: [PendingAttempt] = []
    ) {
        self.form = form
        self.transport = transport
        self.interpreter = interpreter
        self.localizer = interpreter.localizer
        self.builder = SubmissionRequestBuilder(
            form: form, language: interpreter.localizer.language, policy: options.policy)
        self.options = options
        self.stopwatch = Stopwatch(options.clock)
        self.pendingAttempts = PendingAttempt.current(pending, now: Date().timeIntervalSince1970)
        (progress, progressSink) = AsyncStream.makeStream(of: SubmissionProgress.self)
    }

    deinit {
        progressSink.finish()
    }

    // MARK: - Commands

    /// Sends `values`, and returns once the outcome is known; refused at once while a send is in flight.
    public func submit(values: FormValues) async -> SubmissionResult {
        await outcome(of: beginSubmit(values: values))
    }

    /// Sends the failed payload again with the same key, first waiting for the time the server asked for (said
    /// aloud); a wait longer than the form's `maxRetryWaitSeconds` is refused and left to the user.
    public func retry() async -> SubmissionResult {
        await outcome(of: beginRetry())
    }

    /// Starts sending `values` and returns as soon as the state is `sending` (or refused), before the request
    /// leaves: a cancel from then on always finds the send. The outcome comes as progress.
    ///
    /// A pending attempt whose fingerprint matches the request gives its key; otherwise a new key is made. The
    /// attempt is written to the journal before the state changes; when that fails, nothing is sent.
    public func beginSubmit(values: FormValues) -> SubmissionStart {
        if retryWait != nil { return .refused(.busy) }
        // Checked here, where every send passes, on a dry run of the transition (so a busy form still says it is
        // busy) and before any state or key changes: nothing is sent to an address with a gap.
        switch state.transition(on: .submit, freshKey: { IdempotencyKey("") }) {
        case .refused(let reason):
            return .refused(reason)
        case .accepted:
            if let field = form.emptyPathParameters(values: values).first {
                return .refused(.emptyPathSegment(field: field.label))
            }
        }
        let request = builder.request(values: values, key: IdempotencyKey(""))
        // The rules no embedding can skip: whatever wired this controller, nothing unsafe leaves.
        if let violation = options.policy.check(request, of: form) { return .refused(.unsafe(violation)) }
        let matched = matchingAttempt(request)
        guard
            case .accepted(let next, let effects) = state.transition(
                on: .submit, freshKey: { matched?.key ?? options.keys.next() })
        else { return .refused(.busy) }
        // Noted before anything changes: a send the journal could not note does not leave.
        if let failure = writeAhead(effects, values: values) { return .refused(.notRecorded(failure)) }
        state = next
        payload = values
        retryNotBefore = nil
        return .begun(launch(effects, reusing: matched != nil))
    }

    /// Starts a retry: at once, or after saying and waiting out the time the server asked for.
    public func beginRetry() -> SubmissionStart {
        if retryWait != nil { return .refused(.busy) }
        // A dry run: the real transition happens after any wait, on the state as it is then.
        if case .refused(let reason) = state.transition(on: .retry, freshKey: { IdempotencyKey("") }) {
            return .refused(reason)
        }
        guard let left = remainingRetryWait() else { return retryNow() }
        let wait = left.seconds
        let seconds = SpokenDuration.wholeSeconds(wait)
        if wait > form.submit.maxRetryWaitSeconds { return .refused(.retryWaitTooLong(seconds: seconds)) }
        let gate = FirstOutcome<Bool>()
        retryWait = gate
        let words = SpokenDuration.words(seconds: seconds, localizer)
        emit(.waitingToRetry(seconds: seconds), localizer.text("submission.retryingIn", ["time": words]), .polite)
        work = Task { await self.retry(after: left, gate: gate) }
        return .begun(SubmissionStatus(state: state, isBusy: true))
    }

    /// Stops waiting: for a send in flight the outcome becomes unknown (a transient failure, and a retry with the
    /// same key is safe); a retry waiting for `Retry-After` is called off. Refused when nothing is pending.
    @discardableResult
    public func cancel() -> SubmissionRefusal? {
        if let retryWait {
            retryWait.resolve(false)
            return nil
        }
        let unknown = SubmissionFailure(kind: .transient, message: localizer.text("submission.cancelled"))
        switch state.transition(on: .cancel(unknownOutcome: unknown), freshKey: options.keys.next) {
        case .refused(let reason):
            return reason
        case .accepted(let next, _):
            // The attempt stays pending: the request may have arrived.
            state = next
            inFlight?.resolve(.cancelled(settled: next))
            inFlight = nil
            emit(.cancelled, unknown.message, .assertive)
            return nil
        }
    }

    /// Tells the controller a field changed: a failed submission returns to idle and its key leaves the state, a
    /// waiting retry is called off. Refused while sending (the session keeps the input) and after completion.
    ///
    /// A retry called off by an edit is not busy from this moment, and no progress says so: the caller made the
    /// edit and says it with the edit, where a later "retry cancelled" would come after the next question.
    /// The pending attempts stay: the same data typed again still matches them, and the server still knows them.
    @discardableResult
    public func edit() -> SubmissionRefusal? {
        switch state.transition(on: .edit, freshKey: options.keys.next) {
        case .refused(let reason):
            return reason
        case .accepted(let next, _):
            state = next
            payload = nil
            retryNotBefore = nil
            if let waiting = retryWait {
                retryWait = nil
                waiting.resolve(false)
            }
            return nil
        }
    }

    // MARK: - The disabled reason

    /// The key in flight or kept for a retry.
    public var currentKey: IdempotencyKey? {
        state.key
    }

    /// The state and whether a send or a wait before a retry is under way, now.
    public var status: SubmissionStatus {
        SubmissionStatus(state: state, isBusy: state.isSending || retryWait != nil)
    }

    /// How many whole seconds are left before a waiting retry leaves; nil when no retry is waiting.
    public var retryWaitSeconds: Int? {
        guard retryWait != nil else { return nil }
        return SpokenDuration.wholeSeconds((remainingRetryWait() ?? .zero).seconds)
    }

    /// Why the submit control is disabled right now, in words; nil when it is enabled.
    public var submitDisabledReason: String? {
        guard state.isSending || retryWait != nil else { return nil }
        return phrase(for: .busy)
    }

    /// The sentence for a refusal, naming this form's submit control.
    public nonisolated func phrase(for refusal: SubmissionRefusal) -> String {
        refusal.phrase(localizer, control: form.submit.label)
    }

    // MARK: - Awaiting

    /// The end of what `start` began, or its refusal; cancelling the caller's task cancels the send.
    private func outcome(of start: SubmissionStart) async -> SubmissionResult {
        guard case .begun = start, let work else {
            if case .refused(let reason) = start { return .refused(reason) }
            return .finished(state)
        }
        return await withTaskCancellationHandler {
            await work.value
        } onCancel: {
            work.cancel()
        }
    }
}

/// How a `beginSubmit` or `beginRetry` call ended: refused at once, or begun.
public enum SubmissionStart: Sendable, Equatable {
    /// Nothing was begun; the reason is what the user hears.
    case refused(SubmissionRefusal)
    /// A send (or a wait before one) is under way; the outcome comes as progress.
    case begun(SubmissionStatus)
}
