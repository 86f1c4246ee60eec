import Foundation

// MARK: - Sending

extension Session {
    /// `:enviar`: refused with its reason while sending; otherwise local validation first, then the review step
    /// when the form asks for one, then the request.
    func submitCommand() async {
        if sending {
            // The guard lives in the controller; asking it proves the refusal and gives the reason to say.
            if case .refused(let refusal) = await controller.submit(values: model.values) {
                await say(refusalText(refusal), .assertive)
            }
            return
        }
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
        guard !sending else {
            await say(refusalText(.busy), .assertive)
            return
        }
        await startAttempt { controller in await controller.retry() }
    }

    func send() async {
        let values = model.values
        await startAttempt { controller in await controller.submit(values: values) }
    }

    /// Starts one request in the background; its outcome comes back as an event so lines keep being read.
    private func startAttempt(
        _ operation: @escaping @Sendable (SubmissionController) async -> SubmissionController.Result
    ) async {
        attempt += 1
        let number = attempt
        let controller = controller
        let sink = eventSink
        sending = true
        stateName = "sending"
        model.focusSubmit()
        Task { sink.yield(.outcome(await operation(controller), attempt: number)) }
        let after = options.stillSendingAfter
        let every = options.stillSendingEvery
        Task {
            try? await Task.sleep(for: after)
            while !Task.isCancelled {
                sink.yield(.stillSending(attempt: number))
                try? await Task.sleep(for: every)
                if Task.isCancelled { break }
            }
        }
    }

    /// Announces what the request came to and moves focus by the rules of design §5.
    func handleOutcome(_ outcome: SubmissionController.Result) async {
        sending = false
        switch outcome {
        case .refused(let refusal):
            stateName = await controller.stateName
            await say(refusalText(refusal), .assertive)
        case .completed(let receipt):
            stateName = "completed"
            pendingKey = nil
            await record(.state, state: "completed")
            await say(receipt.message, .assertive)
            options.drafts?.delete(formID: model.form.id)
            result = .completed(receipt)
            return
        case .failed(let failure):
            stateName = "failed"
            pendingKey = failure.kind == .transient ? await controller.currentKey : nil
            await record(.state, state: "failed", detail: failure.kind.rawValue)
            await announceFailure(failure)
        }
        saveDraft()
        if endOfInput, deferredLines.isEmpty {
            await say(localizer.text("session.endOfInput"), .assertive)
            result = .notCompleted
            return
        }
        await replayDeferredLines()
    }

    private func announceFailure(_ failure: SubmissionFailure) async {
        let fieldErrors = failure.fieldErrors.filter { model.form.field(id: $0.fieldID) != nil }
        if !fieldErrors.isEmpty {
            // The outcome and the count come first, assertive; then the first failing field, read with its error.
            let count = localizer.plural("session.errorCount", count: fieldErrors.count)
            await say("\(failure.message) \(count)", .assertive)
            model.applyFailure(fieldErrors)
            await recordFocus()
            await promptFocus()
            return
        }
        model.focusSubmit()
        switch failure.kind {
        case .transient:
            let offer: String
            if let wait = failure.retryAfterSeconds, wait >= 1 {
                offer = localizer.plural(
                    "session.retryOfferAfter", count: Int(wait.rounded(.up)),
                    ["command": SessionCommand.retry.typed(in: language)])
            } else {
                offer = localizer.text("session.retryOffer", ["command": SessionCommand.retry.typed(in: language)])
            }
            await say("\(failure.message) \(offer)", .assertive)
        case .permanent:
            await say(
                "\(failure.message) \(localizer.text("session.permanentNext", ["go": SessionCommand.go("").typed(in: language), "quit": SessionCommand.quit.typed(in: language)]))",
                .assertive)
        }
    }

    /// Progress of a request in flight: "Sending", "Retrying in 3 seconds", a wait left to the user.
    func announce(_ progress: SubmissionProgress) async {
        switch progress {
        case .sending(let attemptNumber):
            stateName = "sending"
            pendingKey = await controller.currentKey
            saveDraft()
            await record(.state, state: "sending")
            let busy = model.form.submit.busyLabel ?? localizer.text("session.sending")
            await say(attemptNumber > 1 ? localizer.text("session.retrying", ["busy": busy]) : busy + ".", .polite)
        default:
            if let text = progress.spokenText(localizer) {
                await say(text, .polite)
            }
        }
    }

    /// The sentence for a refused event: what is unavailable, why, and what to do.
    func refusalText(_ refusal: SubmissionRefusal) -> String {
        refusal.reason(submitLabel: model.form.submit.label, localizer: localizer)
    }

    var currentSubmitLabel: String {
        sending ? (model.form.submit.busyLabel ?? localizer.text("session.sending")) : model.form.submit.label
    }
}
