import Foundation
import VozReplies
import VozSubmission

// MARK: - Sending

extension Session {
    /// `:enviar`: refused with its reason while sending; otherwise local validation first, then the review step
    /// when the form asks for one, then the request.
    func submitCommand() async {
        if sending {
            if await sayRetryWaiting() { return }
            // Said, never asked of the controller: a send this session started but the controller has not begun
            // yet would take the question for a second send (the fuzzer sent twice that way).
            await say(controller.phrase(for: .busy), .assertive)
            return
        }
        // Refused before the review: after a transient failure the same data goes again with :reintentar, and a
        // review whose "yes" is then refused left the user answering a question that led nowhere.
        if case .refused(let reason) = await controller.state.transition(on: .submit, freshKey: { IdempotencyKey("") })
        {
            guard reason == .needsCorrection, resendOffered else {
                // After a rejection the fix may lie outside the form (an account confirmed, a limit raised): the
                // same command again sends the same data, under a new key, since the server answered the old one.
                resendOffered = reason == .needsCorrection
                let phrase =
                    reason == .needsCorrection
                    ? localizer.text("session.resendOffer", ["command": SessionCommand.submit.typed(in: language)])
                    : controller.phrase(for: reason)
                await say(phrase, .assertive)
                await reprompt()
                return
            }
            resendOffered = false
            await edited()
        }
        listItems = nil
        let errors = localErrors()
        if !errors.isEmpty {
            model.applyFailure(errors)
            await say(localizer.plural("session.localErrors", count: errors.count), .assertive)
            await recordFocus()
            await promptFocus()
            return
        }
        // Said before the last yes, while the person can still stop: these data are not the unanswered send's, so
        // if that one arrived this is a second. Once for each unanswered send: the person has heard what it means.
        sendWarning = nil
        let others = await controller.otherPendingKeys(sending: valuesWithDefaults)
        if !others.isEmpty, !warnedPending.isSuperset(of: others) {
            sendWarning = localizer.plural("submission.earlierAttemptKept", count: others.count)
        }
        if model.form.submit.review || (sendWarning != nil && options.interactive) {
            // The question is the submit control's: its "yes" is recorded there, not as a visible answer typed at
            // the (perhaps secret) field where :enviar was typed, which Voz's own audit took for a leaked password.
            await focusSubmit()
            if model.form.submit.review { await readBack() }
            question = .confirmSend
            if sendWarning != nil { warnedPending.formUnion(others) }
            await say(questionPrompt(.confirmSend), .polite)
            return
        }
        await send()
    }

    func retryCommand() async {
        if await sayRetryWaiting() { return }
        // Refused before the form turns busy: a refusal that came back later had the next line deferred as if
        // typed while sending, and the interrupted question was never asked again.
        if !sending,
            case .refused(let reason) = await controller.state.transition(on: .retry, freshKey: { IdempotencyKey("") })
        {
            // Nothing of this run's to retry, but a send that got no answer (before an edit, or in an earlier run):
            // "the form hasn't been sent yet" would be false. :enviar is the way, and the same data keeps that
            // send's key.
            if reason == .nothingToRetry, await !controller.pendingAttempts.isEmpty {
                await say(
                    localizer.text(
                        "submission.refused.nothingToRetry.pending",
                        ["command": SessionCommand.submit.typed(in: language)]), .assertive)
                await reprompt()
                return
            }
            await say(controller.phrase(for: reason), .assertive)
            await reprompt()
            return
        }
        await begin(await controller.beginRetry())
    }

    /// While a retry waits, `:enviar` and `:reintentar` hear that it is already coming and how to call it off (not
    /// "unavailable while sending": nothing is being sent), then the question again. False when no retry waits.
    private func sayRetryWaiting() async -> Bool {
        guard waitingToRetry, let time = await retryWaitWords() else { return false }
        await say(
            localizer.text(
                "session.retryWaiting", ["time": time, "command": SessionCommand.cancel.typed(in: language)]),
            .assertive)
        await reprompt()
        return true
    }

    /// How long until a waiting retry leaves, in words; nil when none waits.
    func retryWaitWords() async -> String? {
        guard let seconds = await controller.retryWaitSeconds else { return nil }
        return SpokenDuration.words(seconds: max(seconds, 1), localizer)
    }

    func send() async {
        let values = valuesWithDefaults
        submitted.set(values, secretsHeld: model.secretsHeld)
        await begin(await controller.beginSubmit(values: values))
    }

    /// Takes what the controller answered: busy from this moment (a line read next, end of input or a second
    /// :enviar, already finds the form sending), or the refusal said and the question asked again.
    private func begin(_ start: SubmissionStart) async {
        switch start {
        case .begun(let status):
            listItems = nil
            resendOffered = false
            submission = status
            // The focus is on the submit control from the moment the send begins, not when its first progress
            // arrives: a Ctrl-C can overtake that event, and the interrupted send's transcript then left the focus
            // on the field where :enviar was typed (the explorer's focus-not-first-error, about one in 100,000 lines).
            await focusSubmit()
        case .refused(let refusal):
            await say(controller.phrase(for: refusal), .assertive)
            await reprompt()
        }
    }

    /// Says what the controller reports and, when the busy state ends, applies the focus rules of design §5.
    func handle(_ progress: SubmissionProgress) async {
        submission = progress.status
        switch progress.kind {
        case .sending:
            await focusSubmit()
            // The pending attempt is in the draft already: the controller wrote it before the request left.
            saveDraft()
            await record(.state, state: .sending)
            await announcer.announce(progress.announcement)
        case .earlierAttemptsKept:
            // Said at the question before the send when the person was there to hear it; once for each unanswered
            // send is enough. The send that just began is not one of the others.
            var others = Set(await controller.pendingAttempts.map(\.key))
            if let key = await controller.currentKey { others.remove(key) }
            guard !warnedPending.isSuperset(of: others) else { return }
            warnedPending.formUnion(others)
            await announcer.announce(progress.announcement)
        case .stillSending, .waitingToRetry, .retryCancelled:
            await announcer.announce(progress.announcement)
        case .cancelled:
            await record(.state, state: .failed, detail: SubmissionFailure.Kind.transient.rawValue)
            await announcer.announce(progress.announcement)
        case .completed(let receipt):
            // A correction typed during the send did not go with it: said with the success, never left unsaid; and
            // the lines are recorded as typed during the send, since none of them will run.
            let unsent = unsentSentence()
            await recordUnrunLines()
            await record(.state, state: .completed)
            if let unsent {
                await say(progress.text + " " + unsent, .assertive)
            } else {
                await announcer.announce(progress.announcement)
            }
            drafts?.completed()
            result = .completed(receipt)
            return
        case .failed(let failure):
            await announceFailure(failure, progress: progress)
        }
        guard progress.endsBusy else { return }
        // The send is over without success: a change made as a retry left is in the answers, for the next send.
        changedAsRetryLeft = []
        saveDraft()
        await settle()
    }

    /// The outcome and the error count first (assertive), then the first failing field in form order with its
    /// error; with no field errors, focus stays on the submit control and the phrase says what to do.
    private func announceFailure(_ failure: SubmissionFailure, progress: SubmissionProgress) async {
        let fieldErrors = failure.fieldErrors.filter { model.form.field(id: $0.fieldID) != nil }
        let failing = model.form.fields.map(\.id).filter { id in fieldErrors.contains { $0.fieldID == id } }
        // The audit reads the failing fields, in form order, from the state event.
        await record(
            .state, text: failing.isEmpty ? nil : failing.joined(separator: ","), state: .failed,
            detail: failure.kind.rawValue)
        if !fieldErrors.isEmpty {
            // Every error heard is counted, the general message's with the fields': the count is what is heard.
            let count = localizer.plural("server.errorCount", count: failing.count + failure.errorsBeyondFields)
            await say("\(progress.text) \(count)", .assertive)
            // A correction still open belongs to the errors this reply replaces.
            if groupEntry?.replacing != nil { groupEntry = nil }
            model.applyFailure(fieldErrors)
            await recordFocus()
            await promptFocus()
            return
        }
        await focusSubmit()
        if failure.kind == .permanent {
            let next = localizer.text(
                "session.permanentNext",
                ["go": SessionCommand.go("").typed(in: language), "quit": SessionCommand.quit.typed(in: language)])
            await say("\(progress.text) \(next)", .assertive)
        } else {
            await announcer.announce(progress.announcement)
        }
    }

    /// Moves the focus to the submit control, and records the move when it is one: an audit that followed the
    /// focus from a field (`:enviar` typed there) must not think it is still on that field.
    private func focusSubmit() async {
        guard model.focus != .submit else { return }
        model.focusSubmit()
        await recordFocus()
    }

    var currentSubmitLabel: String {
        inFlight ? (model.form.submit.busyLabel ?? model.form.submit.label) : model.form.submit.label
    }
}
