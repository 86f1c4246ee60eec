import Foundation

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

        public init(
            stillSendingAfter: Duration? = .seconds(3),
            stillSendingEvery: Duration = .seconds(5),
            keys: IdempotencyKeyGenerator = .random
        ) {
            self.stillSendingAfter = stillSendingAfter
            self.stillSendingEvery = stillSendingEvery
            self.keys = keys
        }
    }

    public nonisolated let form: Form
    /// Every progress event, in order, for one consumer (the session). Ends when the controller goes away.
    public nonisolated let progress: AsyncStream<SubmissionProgress>

    let transport: any Transport
    let interpreter: any ReplyInterpreting
    let localizer: Localizer
    let builder: SubmissionRequestBuilder
    let options: Options
    let progressSink: AsyncStream<SubmissionProgress>.Continuation

    /// Where the submission stands.
    public internal(set) var state: SubmissionState = .idle
    /// The values the current key belongs to; a retry sends exactly these.
    var payload: FormValues?
    /// A key kept with a draft from an earlier run, used by the next submit unless a field changes first.
    var restoredKey: IdempotencyKey?
    /// The earliest moment the server accepts a retry (`Retry-After`).
    var retryNotBefore: ContinuousClock.Instant?
    /// The send in flight, so `cancel` can stop waiting for it.
    var inFlight: FirstOutcome<AttemptEnd>?
    /// A retry waiting for `retryNotBefore`, so `cancel` and `edit` can call it off.
    var retryWait: FirstOutcome<Bool>?

    /// A controller for `form`, sending through `transport` and translating replies with `interpreter` (whose
    /// localizer is the session's language).
    public init(
        form: Form, transport: any Transport, interpreter: any ReplyInterpreting, options: Options = Options()
    ) {
        self.form = form
        self.transport = transport
        self.interpreter = interpreter
        self.localizer = interpreter.localizer
        self.builder = SubmissionRequestBuilder(form: form, language: interpreter.localizer.language)
        self.options = options
        (progress, progressSink) = AsyncStream.makeStream(of: SubmissionProgress.self)
    }

    deinit {
        progressSink.finish()
    }

    // MARK: - Commands

    /// Sends `values`, and returns once the outcome is known; refused at once while a send is in flight.
    public func submit(values: FormValues) async -> SubmissionResult {
        if retryWait != nil { return .refused(.busy) }
        // Checked here, where every send passes, on a dry run of the transition (so a busy form still says it is
        // busy) and before any state or key changes: nothing is sent to an address with a gap.
        if case .accepted = state.transition(on: .submit, freshKey: { IdempotencyKey("") }),
            let field = form.emptyPathParameters(values: values).first
        {
            return .refused(.emptyPathSegment(field: field.label))
        }
        switch state.transition(on: .submit, freshKey: takeFreshKey) {
        case .refused(let reason):
            return .refused(reason)
        case .accepted(let next, let effects):
            state = next
            payload = values
            retryNotBefore = nil
            return await perform(effects)
        }
    }

    /// Sends the failed payload again with the same key, first waiting for the time the server asked for (said
    /// aloud); a wait longer than the form's `maxRetryWaitSeconds` is refused and left to the user.
    public func retry() async -> SubmissionResult {
        if retryWait != nil { return .refused(.busy) }
        // A dry run: the real transition happens after any wait, on the state as it is then.
        if case .refused(let reason) = state.transition(on: .retry, freshKey: { IdempotencyKey("") }) {
            return .refused(reason)
        }
        if let wait = remainingRetryWait() {
            let seconds = SpokenDuration.wholeSeconds(wait)
            if wait > form.submit.maxRetryWaitSeconds { return .refused(.retryWaitTooLong(seconds: seconds)) }
            guard await waitBeforeRetry(seconds: wait) else {
                emit(.retryCancelled, localizer.text("submission.retryCancelled"), .assertive)
                return .finished(state)
            }
        }
        switch state.transition(on: .retry, freshKey: takeFreshKey) {
        case .refused(let reason):
            return .refused(reason)
        case .accepted(let next, let effects):
            state = next
            retryNotBefore = nil
            return await perform(effects)
        }
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
        switch state.transition(on: .cancel(unknownOutcome: unknown), freshKey: takeFreshKey) {
        case .refused(let reason):
            return reason
        case .accepted(let next, _):
            state = next
            inFlight?.resolve(.cancelled(settled: next))
            inFlight = nil
            emit(.cancelled, unknown.message, .assertive)
            return nil
        }
    }

    /// Tells the controller a field changed: a failed submission returns to idle and its key is discarded, a waiting
    /// retry is called off. Refused while sending (the session keeps the input) and after completion.
    @discardableResult
    public func edit() -> SubmissionRefusal? {
        switch state.transition(on: .edit, freshKey: takeFreshKey) {
        case .refused(let reason):
            return reason
        case .accepted(let next, _):
            state = next
            payload = nil
            restoredKey = nil
            retryNotBefore = nil
            retryWait?.resolve(false)
            return nil
        }
    }

    // MARK: - Drafts and the disabled reason

    /// The key a draft should keep: the one in flight or kept for a retry, else a restored one not yet used.
    public var currentKey: IdempotencyKey? {
        state.key ?? restoredKey
    }

    /// Restores the key a draft kept, so the next submit of the restored values is recognised by the server as the
    /// earlier send. Only while idle; call it after restoring the values, since `edit()` discards it.
    @discardableResult
    public func restorePendingKey(_ key: IdempotencyKey) -> Bool {
        guard case .idle = state else { return false }
        restoredKey = key
        return true
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

    // MARK: - Keys

    /// A restored key is used once, for the first send after it was restored; otherwise a new one.
    func takeFreshKey() -> IdempotencyKey {
        if let restored = restoredKey {
            restoredKey = nil
            return restored
        }
        return options.keys.next()
    }
}
