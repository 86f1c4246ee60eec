import Foundation
import VozAccessibility
import VozReplies

/// How one send ended, whichever racer got there first.
enum AttemptEnd: Sendable {
    case reply(HTTPReply)
    case transportError(TransportError)
    case timedOut
    /// Stopped by the caller's task (`settled` nil) or by `cancel()`, which already settled the state it names.
    case cancelled(settled: SubmissionState?)
}

// One send: race the transport against the form's timeout and the user's cancel, say "still sending" meanwhile,
// and turn the winner into the machine's next state.
extension SubmissionController {
    // MARK: - Sending

    /// Carries out an accepted transition's send, its pending attempt already written: "sending" is said, then the
    /// request leaves in a task of its own, so the caller gets the state back at once.
    func launch(_ effects: [SubmissionEffect], reusing: Bool = false) -> SubmissionStatus {
        guard let (key, attempt) = effects.lazy.compactMap(\.sentKey).first, let values = payload else {
            return SubmissionStatus(state: state, isBusy: false)
        }
        let request = builder.request(values: values, key: key)
        let phrase: String
        if attempt > 1 {
            phrase = localizer.text("submission.resending")
        } else {
            phrase = localizer.text(reusing ? "submission.sendingPending" : "submission.sending")
        }
        emit(.sending(attempt: attempt), phrase, .polite)
        work = Task { await self.send(request, key: key, attempt: attempt) }
        return SubmissionStatus(state: state, isBusy: true)
    }

    /// A retry's transition and send, now.
    func retryNow() -> SubmissionStart {
        switch state.transition(on: .retry, freshKey: options.keys.next) {
        case .refused(let reason):
            return .refused(reason)
        case .accepted(let next, let effects):
            if let values = payload, let failure = writeAhead(effects, values: values) {
                return .refused(.notRecorded(failure))
            }
            state = next
            retryNotBefore = nil
            return .begun(launch(effects))
        }
    }

    /// Waits out `Retry-After`, then retries; called off by cancel or an edit.
    func retry(after wait: Duration, gate: FirstOutcome<Bool>) async -> SubmissionResult {
        let elapsed = await waitBeforeRetry(wait, gate: gate)
        // An edit called it off and took it out already; its caller says so. The retry field may hold another by now.
        guard retryWait === gate else { return .finished(state) }
        retryWait = nil
        guard elapsed else {
            emit(.retryCancelled, localizer.text("submission.retryCancelled"), .assertive)
            return .finished(state)
        }
        switch retryNow() {
        case .refused(let reason):
            // The busy state began with the wait, so it ends with a line, whatever ended it.
            emit(.retryCancelled, phrase(for: reason), .assertive)
            return .refused(reason)
        case .begun:
            guard let send = work else { return .finished(state) }
            return await withTaskCancellationHandler {
                await send.value
            } onCancel: {
                send.cancel()
            }
        }
    }

    private func send(_ request: SubmissionRequest, key: IdempotencyKey, attempt: Int) async -> SubmissionResult {
        // A cancel between the transition and this task's start settled the attempt: nothing leaves.
        guard state == .sending(attempt: attempt, key: key) else { return .finished(state) }
        let end = await race(request)
        // `cancel()` already settled this attempt and said so; a late reply changes nothing, and a retry that
        // began meanwhile is that retry's business.
        if case .cancelled(let settled?) = end { return .finished(settled) }
        guard state == .sending(attempt: attempt, key: key) else { return .finished(state) }
        let event: SubmissionEvent
        switch outcome(of: end) {
        case .success(let receipt): event = .succeeded(receipt)
        case .failure(let failure): event = .failed(failure)
        case nil:
            event = .cancel(
                unknownOutcome: SubmissionFailure(kind: .transient, message: localizer.text("submission.cancelled")))
        }
        guard case .accepted(let next, _) = state.transition(on: event, freshKey: options.keys.next) else {
            return .finished(state)
        }
        state = next
        if case .failed(let failure) = event, let wait = failure.retryAfterSeconds, wait > 0 {
            // Counted from when the reply arrived, as Retry-After means.
            // Clamped to a day, since a server's absurd value must not overflow the clock.
            retryNotBefore = stopwatch.elapsed + .seconds(min(wait, 86_400))
        }
        settleAttempt(key, after: event)
        announceOutcome(of: event, gateway: Self.isBadGateway(end))
        return .finished(state)
    }

    /// Whether the send ended with a gateway's 502: said as the server having a problem, a sentence that leaves out
    /// that the request may have got through, which a timeout's and a lost connection's sentences say.
    private static func isBadGateway(_ end: AttemptEnd) -> Bool {
        if case .reply(let reply) = end { return reply.status == 502 }
        return false
    }

    /// What the winner means; nil when the user (or the caller's task) cancelled.
    private func outcome(of end: AttemptEnd) -> ReplyOutcome? {
        switch end {
        case .reply(let reply): return interpreter.interpret(reply)
        case .transportError(let error): return interpreter.interpret(error)
        case .timedOut: return interpreter.interpret(TransportError.timedOut)
        case .cancelled: return nil
        }
    }

    private func race(_ request: SubmissionRequest) async -> AttemptEnd {
        let first = FirstOutcome<AttemptEnd>()
        inFlight = first
        let transport = self.transport
        let sender = Task.detached {
            do throws(TransportError) {
                first.resolve(.reply(try await transport.send(request)))
            } catch {
                first.resolve(.transportError(error))
            }
        }
        // The transport has its own timeout; this one holds even when a transport ignores it. A transport that
        // keeps its own has the first say: a success's head that came just in time (a 200 whose body never ends)
        // is the server's yes, not a timeout that won a race by a millisecond.
        let timeout = request.timeoutSeconds > 0 ? min(request.timeoutSeconds, 86_400) : 15
        let backstop: Duration = .seconds(timeout) + (transport.keepsItsTimeout ? Self.transportHeadStart : .zero)
        let stopwatch = self.stopwatch
        let timer = Task.detached {
            try? await stopwatch.sleep(for: backstop)
            if !Task.isCancelled { first.resolve(.timedOut) }
        }
        let ticker = startTicker()
        let end = await withTaskCancellationHandler {
            await first.wait()
        } onCancel: {
            first.resolve(.cancelled(settled: nil))
        }
        sender.cancel()
        timer.cancel()
        ticker?.cancel()
        // Any "still sending" the ticker was about to say comes before the outcome, never after it.
        await ticker?.value
        if inFlight === first { inFlight = nil }
        return end
    }

    /// How long the controller's timer waits past the timeout for a transport that keeps its own.
    static let transportHeadStart: Duration = .seconds(2)

    private func startTicker() -> Task<Void, Never>? {
        guard let after = options.stillSendingAfter else { return nil }
        let every = options.stillSendingEvery
        let sink = progressSink
        let text = localizer.text("submission.stillSending")
        let state = self.state
        let stopwatch = self.stopwatch
        let start = stopwatch.elapsed
        return Task.detached {
            // Due times count from the send's start, not from when this task first ran: a task started late on a
            // busy machine still says its first reminder at `after`, not `after` past its own start.
            var due = start + after
            while true {
                do { try await stopwatch.sleep(for: max(due - stopwatch.elapsed, .zero)) } catch { return }
                if Task.isCancelled { return }
                let elapsed = SpokenDuration.wholeSeconds((stopwatch.elapsed - start).seconds)
                sink.yield(
                    SubmissionProgress(
                        kind: .stillSending(elapsedSeconds: elapsed), text: text, priority: .polite, state: state))
                // Never two reminders at once after a stall: the next comes at least half an interval after this one.
                due = max(due + every, stopwatch.elapsed + every / 2)
            }
        }
    }

    // MARK: - Retry-After

    /// How long until the server accepts a retry, read on the controller's clock; nil when it may go now.
    func remainingRetryWait() -> Duration? {
        guard let notBefore = retryNotBefore else { return nil }
        let remaining = notBefore - stopwatch.elapsed
        return remaining > .zero ? remaining : nil
    }

    /// Sleeps through the wait `beginRetry` announced; false when cancel or an edit called the retry off.
    func waitBeforeRetry(_ wait: Duration, gate: FirstOutcome<Bool>) async -> Bool {
        let stopwatch = self.stopwatch
        let timer = Task.detached {
            try? await stopwatch.sleep(for: wait)
            if !Task.isCancelled { gate.resolve(true) }
        }
        let elapsed = await withTaskCancellationHandler {
            await gate.wait()
        } onCancel: {
            gate.resolve(false)
        }
        timer.cancel()
        return elapsed
    }

    // MARK: - Progress

    func emit(_ kind: SubmissionProgress.Kind, _ text: String, _ priority: Priority) {
        progressSink.yield(SubmissionProgress(kind: kind, text: text, priority: priority, state: state))
    }

    private func announceOutcome(of event: SubmissionEvent, gateway: Bool) {
        switch event {
        case .succeeded(let receipt):
            emit(.completed(receipt), receipt.message, .assertive)
        case .failed(let failure):
            emit(.failed(failure), failurePhrase(failure, gateway: gateway), .assertive)
        case .cancel(let unknown):
            emit(.cancelled, unknown.message, .assertive)
        case .submit, .retry, .edit:
            break
        }
    }

    /// The failure's own sentence; for a transient one, followed by when and how to retry. After a gateway's reply
    /// with no word from the server behind it, that the request may have arrived and a retry will not count twice.
    private func failurePhrase(_ failure: SubmissionFailure, gateway: Bool) -> String {
        guard failure.kind == .transient, !failure.requiresNewKey else { return failure.message }
        var advice: String
        if let wait = failure.retryAfterSeconds, wait > 0 {
            let words = SpokenDuration.words(seconds: SpokenDuration.wholeSeconds(wait), localizer)
            let key = wait > form.submit.maxRetryWaitSeconds ? "submission.retry.later" : "submission.retry.after"
            advice = localizer.text(key, ["time": words])
        } else if failure.retryAfterSeconds != nil {
            // `Retry-After: 0` or a date already past: the server says now, so Voz does too.
            advice = localizer.text("submission.retry.now")
        } else {
            advice = localizer.text("submission.retry.offer")
        }
        if gateway, !failure.answered { advice = localizer.text("submission.retry.mayHaveArrived") + " " + advice }
        return failure.message + " " + advice
    }
}
