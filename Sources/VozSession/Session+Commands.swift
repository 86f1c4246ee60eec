import Foundation
import VozAccessibility
import VozAnnouncer
import VozForm
import VozLocalization
import VozSubmission
import VozTranscript

// MARK: - Commands

extension Session {
    var language: Language { localizer.language }

    func run(_ command: SessionCommand) async {
        switch command {
        // Commands that leave focus where it is keep a list being entered one item a line open.
        // A send or retry ends it once it is not refused (Session+Submission).
        case .repeatLast, .whereAmI, .help, .review, .remove, .cancel, .clear, .submit, .retry, .discard: break
        // Entering a list ends when the user goes elsewhere; its items are in the model already, so none is lost.
        // An unfinished group item is kept too, and its next member is asked when focus comes back.
        default: listItems = nil
        }
        switch command {
        // A multiline answer being typed stays open through what only reads; any other command ends it, its lines
        // kept in the model (a new first line at the field then replaces them, as at any text field).
        case .repeatLast, .whereAmI, .help, .review, .discard: break
        default: multilineLines = nil
        }
        switch command {
        case .submit:
            await submitCommand()
        case .retry:
            await retryCommand()
        case .cancel:
            // A retry waiting out the server's time is called off; the controller says so, and ends the wait.
            if waitingToRetry, await controller.cancel() == nil { return }
            await say(localizer.text("session.nothingToCancel"), .polite)
            await reprompt()
        case .next:
            model.next()
            await recordFocus()
            await promptFocus()
        case .previous:
            model.previous()
            await recordFocus()
            await promptFocus()
        case .go(let target):
            if model.go(to: target) {
                await recordFocus()
                await promptFocus()
            } else if let field = model.offBranchField(named: target),
                let sentence = model.form.conditionSentence(for: field, localizer)
            {
                // The field exists; "not found" would send the person looking for a name they got right.
                await say(sentence, .assertive)
                await reprompt()
            } else {
                await say(
                    localizer.text(
                        "session.goNotFound", ["target": target, "total": String(model.applicableIndices.count)]),
                    .assertive)
                await reprompt()
            }
        case .review:
            await review()
        case .repeatLast:
            if let last = await announcer.lastAnnouncement() {
                await announcer.announce(last)
            } else {
                await say(localizer.text("session.nothingToRepeat"), .polite)
            }
        case .whereAmI:
            await whereAmI()
            await reprompt()
        case .help:
            await say(help(), .polite, optionalReading: true)
            await reprompt()
        case .quit:
            await leave(saying: "session.quit", result: .quit)
        case .remove(let target):
            await remove(target)
        case .clear:
            await clearFocused()
        case .discard:
            await discardCommand()
        }
    }

    /// `:descartar`: the unanswered sends are forgotten, and the person hears what that means; then the question
    /// again.
    private func discardCommand() async {
        let count = await controller.discardPendingAttempts()
        if count > 0 {
            pendingDiscarded = true
            await say(localizer.plural("session.discard.done", count: count), .assertive)
        } else {
            await say(localizer.text("session.discard.nothing"), .polite)
        }
        await reprompt()
    }

    /// A command typed while a yes/no question waits. Reading commands answer and ask the question again; at a
    /// group's "add another?" every command works as at the group itself; the review-before-send question takes
    /// `:enviar` as yes and a move as no; anything else is asked to wait for the answer.
    func run(_ command: SessionCommand, at question: Question) async {
        switch (command, question) {
        case (.quit, _), (.repeatLast, _), (.whereAmI, _), (.help, _), (.review, _), (.discard, _):
            await run(command)
        case (_, .addGroupItem):
            // Focus is on the group: the command runs there, and whatever leaves focus on it asks again.
            self.question = nil
            await run(command)
        case (.submit, .confirmSend):
            self.question = nil
            await send()
        case (.next, .confirmSend), (.previous, .confirmSend), (.go, .confirmSend):
            self.question = nil
            await run(command)
        default:
            await say(localizer.text("session.answerFirst"), .assertive)
            await reprompt()
        }
    }

    /// Asks again what the next line answers, after a command that left focus where it was: the waiting question,
    /// the list being entered with its values so far, or the focused field (a group resumes its unfinished item).
    func reprompt() async {
        if let question {
            await say(questionPrompt(question), .polite, kind: .prompt)
            return
        }
        if let field = model.focusedField, field.kind == .list, let items = listItems {
            await say(listEntryPrompt(field, items: items), .polite, kind: .prompt)
            return
        }
        if let field = model.focusedField, field.kind == .multiline, let lines = multilineLines {
            await say(multilineEntryPrompt(field, lines: lines), .polite, kind: .prompt)
            return
        }
        await promptFocus()
    }

    /// The words of a yes/no question, as it was first asked.
    func questionPrompt(_ question: Question) -> String {
        switch question {
        case .restoreDraft(let draft):
            let offer = localizer.plural("session.draft.offer", count: draft.answerCount)
            // What matters most first: a send may have arrived, and what sending the same data again does.
            return pendingAtStart == 0 || pendingDiscarded ? offer : pendingSendNotice() + " " + offer
        case .confirmSend:
            let confirm = localizer.text("session.confirmSend", ["label": model.form.submit.label])
            return sendWarning.map { $0 + " " + confirm } ?? confirm
        case .addGroupItem(let fieldID):
            guard let field = model.form.field(id: fieldID) else { return localizer.text("session.yesNo") }
            return addQuestion(field, count: groupItems(field).count)
        }
    }

    /// That a send of this form got no answer and what sending the same data again does; a form with secrets
    /// adds that they were not kept, so the same ones must be typed again for the send to match.
    func pendingSendNotice() -> String {
        var notice = localizer.plural("session.draft.pending", count: pendingAtStart)
        if model.form.fields.contains(where: \.isSecret) {
            notice += " " + localizer.text("session.draft.retypeSecrets")
        }
        if let retype = retypeNotice() { notice += " " + retype }
        // The other way out, with what it means: an unanswered send need not be kept for a day.
        return notice + " "
            + localizer.plural(
                "session.draft.discardOffer", count: pendingAtStart,
                ["command": SessionCommand.discard.typed(in: language)])
    }

    /// That the values of the card fields (never kept) must be typed again, the same, for a send to be the same;
    /// nil when the form has none. Only those the answers lead to are named (the card, not the IBAN, when paying by
    /// card), and one is said as one, several as several.
    func retypeNotice() -> String? {
        let fields = model.form.fields.filter { $0.isSensitive && !$0.isSecret }
        let applying = fields.filter { model.applies($0) }
        let labels = (applying.isEmpty ? fields : applying).map(\.label)
        guard !labels.isEmpty else { return nil }
        return localizer.plural(
            "session.draft.retypeFields", count: labels.count, ["labels": OptionWording.list(labels, localizer)])
    }

    /// Says the focused field (or the submit control) as one line: position, label, state, hint, value.
    func promptFocus() async {
        var text: String
        switch model.focus {
        case .field(let index):
            let field = model.form.fields[index]
            if let correction = memberCorrection(field) {
                text = groupHeading(index) + " " + correction
            } else {
                text = fieldPrompt(index) + listAddHint(field) + clearHint(field) + groupContinuation(field)
            }
        case .submit:
            text = await submitPrompt()
        }
        let count = model.applicableIndices.count
        if count != spokenFieldCount {
            // A branch opened or closed (an answer, a restored draft, --set): "13 of 13" becoming "14 of 14" is
            // said, not left for the user to notice.
            spokenFieldCount = count
            text = localizer.plural("session.fieldCount.changed", count: count) + " " + text
        }
        await say(text, .polite, kind: .prompt)
    }

    /// Read on request, so the user's own navigation may cut it short (speech-dispatcher's `text`). At the restore
    /// question it reads the draft offered, which is what the person is deciding about, not the empty form.
    private func review() async {
        if case .restoreDraft(let draft)? = question {
            let form = model
            applyDraft(draft)
            await say(
                localizer.text("session.review.draftStart", ["title": model.form.title]), .polite,
                optionalReading: true)
            for index in model.applicableIndices {
                await say(fieldReview(index), .polite, optionalReading: true)
            }
            // Nothing is restored until the person says yes: the answers heard are taken back.
            model = form
            await reprompt()
            return
        }
        await say(
            localizer.text("session.review.start", ["title": model.form.title]), .polite, optionalReading: true)
        for index in model.applicableIndices {
            await say(fieldReview(index), .polite, optionalReading: true)
        }
        // It ends where focus really is, asking again what the next line answers: ending on the submit button
        // while focus stayed on a field had the next line stored as that field's answer.
        await reprompt()
    }

    private func whereAmI() async {
        var state = localizer.text(
            await aSendMayHaveArrived
                ? "session.state.unanswered" : "session.state.\(submission.state.phase.rawValue)")
        if waitingToRetry, let time = await retryWaitWords() {
            state = localizer.text("session.state.retryWaiting", ["state": state, "time": time])
        }
        switch model.focus {
        case .field(let index):
            let field = model.form.fields[index]
            await say(
                localizer.text(
                    "session.where.field",
                    [
                        "position": String(tree.fields[index].position ?? index + 1),
                        "total": String(model.applicableIndices.count),
                        "label": field.label, "state": state,
                    ]), .polite)
        case .submit:
            await say(
                localizer.text("session.where.submit", ["label": currentSubmitLabel, "state": state]), .polite)
        }
    }

    private func help() -> String {
        let commands: [(SessionCommand, String)] = [
            (.submit, "submit"), (.retry, "retry"), (.cancel, "cancel"), (.next, "next"), (.previous, "previous"),
            (.go(""), "go"), (.remove(""), "remove"), (.review, "review"), (.repeatLast, "repeat"),
            (.whereAmI, "where"), (.help, "help"), (.clear, "clear"), (.discard, "discard"), (.quit, "quit"),
        ]
        let parts = commands.map { command, key in
            localizer.text("session.help.\(key)", ["command": command.typed(in: language)])
        }
        return localizer.text("session.help", ["commands": parts.joined(separator: " ")])
    }

    // MARK: - Saying things

    /// Announces one line with the current focus and state attached for the transcript; `optionalReading` for
    /// long reading the user asked for, which their own navigation may cut.
    func say(
        _ text: String, _ priority: Priority, kind: TranscriptEvent.Kind = .announcement, optionalReading: Bool = false
    ) async {
        // Echo goes off before a secret's prompt is shown, never after: keys typed as it appears stay hidden.
        if kind == .prompt { await input.prepareToRead(secret: nextLineIsSecret) }
        await announcer.announce(
            Announcement(
                text, priority: priority, kind: kind, focus: model.focus.id(in: model.form),
                state: submission.state.phase,
                isOptionalReading: optionalReading))
    }

    /// Records an event at the focus, or at none when `unfocused`.
    func record(
        _ kind: TranscriptEvent.Kind, text: String? = nil, state: SubmissionPhase? = nil, detail: String? = nil,
        unfocused: Bool = false
    ) async {
        await announcer.record(
            TranscriptEvent(
                time: 0, kind: kind, text: text, focus: unfocused ? nil : model.focus.id(in: model.form),
                state: state ?? submission.state.phase,
                detail: detail))
    }

    func recordFocus() async {
        await record(.focus)
    }
}
