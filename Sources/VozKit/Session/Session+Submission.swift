import Foundation

// MARK: - Sending

extension Session {
    /// `:enviar`: refused with its reason while sending; otherwise local validation first, then the review step
    /// when the form asks for one, then the request.
    func submitCommand() async {
        if sending {
            // Said, never asked of the controller: a send this session started but the controller has not begun
            // yet would take the question for a second send (the fuzzer sent twice that way).
            await say(controller.phrase(for: .busy), .assertive)
            return
        }
        // Refused before the review: after a transient failure the same data goes again with :reintentar, and a
        // review whose "yes" is then refused left the user answering a question that led nowhere.
        if case .refused(let reason) = await controller.state.transition(on: .submit, freshKey: { IdempotencyKey("") })
        {
            await say(controller.phrase(for: reason), .assertive)
            await reprompt()
            return
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
        if model.form.submit.review {
            await readBack()
            question = .confirmSend
            await say(localizer.text("session.confirmSend", ["label": model.form.submit.label]), .polite)
            return
        }
        await send()
    }

    func retryCommand() async {
        // Refused before the form turns busy: a refusal that came back later had the next line deferred as if
        // typed while sending, and the interrupted question was never asked again.
        if !sending,
            case .refused(let reason) = await controller.state.transition(on: .retry, freshKey: { IdempotencyKey("") })
        {
            await say(controller.phrase(for: reason), .assertive)
            await reprompt()
            return
        }
        listItems = nil
        await start { controller in await controller.retry() }
    }

    func send() async {
        let values = model.values
        await start { controller in await controller.submit(values: values) }
    }

    /// Starts a submit or retry in the background so lines keep being read; what happens comes back as progress
    /// events, and a refusal as a result event.
    private func start(_ operation: @escaping @Sendable (SubmissionController) async -> SubmissionResult) async {
        submitted.set(model.values, secretsHeld: model.secretsHeld)
        // Busy from this moment, not from when the controller's first progress arrives: a line read meanwhile
        // (end of input, a second :enviar) must already find the form sending.
        sending = true
        let controller = controller
        let sink = eventSink
        Task { sink.yield(.result(await operation(controller))) }
    }

    /// A submit or retry that was refused never started: the form is not busy after all.
    func settleRefusedStart() async {
        guard sending, await controller.state.name != "sending" else { return }
        (sending, cancelWhenBegun) = (false, false)
        await settle()
        if result == nil, !sending, deferredLines.isEmpty, !endOfInput { await reprompt() }
    }

    /// Says what the controller reports and, when the busy state ends, applies the focus rules of design §5.
    func handle(_ progress: SubmissionProgress) async {
        stateName = progress.state.name
        // Whatever ends the busy state ends it here, once, so no kind of ending can leave the form "sending".
        if progress.endsBusy { (sending, cancelWhenBegun) = (false, false) }
        if cancelWhenBegun, progress.kind.hasBegun {
            cancelWhenBegun = false
            await controller.cancel()
        }
        switch progress.kind {
        case .sending:
            sending = true
            model.focusSubmit()
            pendingKey = await controller.currentKey?.value
            saveDraft()
            await record(.state, state: "sending")
            await announcer.announce(progress.announcement)
        case .stillSending, .waitingToRetry:
            await announcer.announce(progress.announcement)
        case .retryCancelled:
            await announcer.announce(progress.announcement)
        case .cancelled:
            await record(.state, state: "failed", detail: SubmissionFailure.Kind.transient.rawValue)
            await announcer.announce(progress.announcement)
        case .completed(let receipt):
            pendingKey = nil
            await record(.state, state: "completed")
            await announcer.announce(progress.announcement)
            options.drafts?.delete(formID: model.form.id)
            result = .completed(receipt)
            return
        case .failed(let failure):
            pendingKey = failure.kind == .transient ? await controller.currentKey?.value : nil
            await announceFailure(failure, progress: progress)
        }
        guard progress.endsBusy else { return }
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
            .state, text: failing.isEmpty ? nil : failing.joined(separator: ","), state: "failed",
            detail: failure.kind.rawValue)
        if !fieldErrors.isEmpty {
            let count = localizer.plural("server.errorCount", count: failing.count)
            await say("\(progress.text) \(count)", .assertive)
            model.applyFailure(fieldErrors)
            await recordFocus()
            await promptFocus()
            return
        }
        model.focusSubmit()
        if failure.kind == .permanent {
            let next = localizer.text(
                "session.permanentNext",
                ["go": SessionCommand.go("").typed(in: language), "quit": SessionCommand.quit.typed(in: language)])
            await say("\(progress.text) \(next)", .assertive)
        } else {
            await announcer.announce(progress.announcement)
        }
    }

    var currentSubmitLabel: String {
        sending ? (model.form.submit.busyLabel ?? model.form.submit.label) : model.form.submit.label
    }
}
