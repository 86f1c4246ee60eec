import Foundation
import VozForm
import VozReplies
import VozSupport

// MARK: - Typed lines

extension Session {
    /// Handles one typed line: the answer to a pending question, a command, or an answer for the focused field.
    func handleLine(_ raw: String, number: Int) async {
        lineNumber = number
        let line = TextSanitizer.inputLine(raw)
        // A line typed ahead while sending is recorded when it runs, once the field it answers is known: the
        // outcome moves the focus, often to a secret field, and a new password typed ahead was written in clear.
        let typedAhead = inFlight && line.count <= options.maximumAnswerLength && !runsWhileSending(line)
        if !typedAhead {
            // A card number is typed visibly but never at rest: the transcript masks it as it masks a secret.
            let secret = question == nil && model.focusedField?.isSensitive == true
            // One typed anywhere else (an IBAN at a plain text field) is masked by its shape, but not marked as a
            // sensitive field's input: the audit would then take every line typed there for a leaked secret.
            let shaped = !secret && SensitiveShape.isWhole(line)
            // An answer to a question (restore the draft?) is not the focused field's: with --set having moved the
            // focus to a password, the "sí" was recorded as a password typed in clear, and the audit said so.
            await record(
                .input, text: secret || shaped ? "hidden" : line, detail: secret ? "hidden" : nil,
                unfocused: question != nil && model.focusedField?.isSensitive == true)
        }
        if line.count > options.maximumAnswerLength {
            await refuse(
                localizer.text(
                    "session.lineTooLong",
                    ["count": String(line.count), "maximum": String(options.maximumAnswerLength)]))
            return
        }
        if inFlight {
            await handleLineWhileSending(line)
            return
        }
        switch SessionInput(line: line) {
        case .command(let command):
            // A command never answers a question nor drops it: it runs, and the question is asked again.
            if let question { await run(command, at: question) } else { await run(command) }
        case .unknownCommand(let typed):
            // Then the question again, so the next line is known to answer it: a bare "no such command" left the
            // listener to remember what was asked.
            await say(localizer.text("session.unknownCommand", ["command": typed]), .assertive)
            await reprompt()
        case .answer(let text):
            if let question { await answer(question, with: line) } else { await answerFocused(text) }
        }
    }

    /// While sending only what makes sense now runs at once: `:enviar` is refused with its reason, `:cancelar`
    /// stops waiting, `:donde`, `:repetir` and `:ayuda` answer. Everything else waits, in order, for the outcome.
    private func handleLineWhileSending(_ line: String) async {
        if runsWhileSending(line), case .command(let command) = SessionInput(line: line) {
            if command == .cancel {
                // The controller was sending from the moment it answered `begun`, so the cancel always finds it.
                await controller.cancel()
            } else {
                await run(command)
            }
            return
        }
        deferredLines.append((lineNumber, line))
        // Every line is acknowledged, or the person cannot tell a line taken from a line lost; after the first, in
        // a few words with how many wait, so a pasted block is not a chorus of the whole sentence.
        let count = deferredLines.count
        await say(
            count == 1 ? localizer.text("session.deferred") : localizer.plural("session.deferred.more", count: count),
            .polite)
    }

    /// Whether `line`, typed while sending, runs at once rather than waiting for the outcome: `:cancelar` always,
    /// `:enviar`, `:donde`, `:repetir` and `:ayuda` when no earlier line is waiting.
    private func runsWhileSending(_ line: String) -> Bool {
        guard case .command(let command) = SessionInput(line: line) else { return false }
        switch command {
        case .cancel: return true
        case .submit, .whereAmI, .repeatLast, .help: return deferredLines.isEmpty
        default: return false
        }
    }

    /// Nothing is in flight any more: lines typed meanwhile run now, in order, until one starts another send; and
    /// with input over and nothing sending, the session ends, since no line is coming to end it.
    ///
    /// Every way out of the busy state comes here (an outcome, a cancel, a called-off retry, a refused start), and
    /// the loop calls it after every event once input is over, so no state is left waiting for a line that
    /// cannot come.
    func settle() async {
        // A retry waiting out the server's time has sent nothing: the lines after the `:reintentar` that began it
        // run now, as they would have had they been typed during the wait (a change among them calls it off).
        var placed = false
        var unused: [(number: Int, text: String)] = []
        while result == nil, !inFlight, !deferredLines.isEmpty {
            let line = deferredLines.removeFirst()
            // A person typed this before hearing the outcome, which may have moved the focus (a 422 puts it on the
            // first failing field): an answer lands only where the person sent it (`:ir`, `:siguiente`), never on
            // a field chosen by the reply. A script's author knows the flow, so its lines go on as written.
            switch SessionInput(line: line.text) {
            case .command(.go), .command(.next), .command(.previous): placed = true
            case .answer where options.interactive && !placed:
                unused.append(line)
                continue
            default: break
            }
            runningTypedAhead = true
            await handleLine(line.text, number: line.number)
            runningTypedAhead = false
        }
        if !unused.isEmpty { await sayUnused(unused) }
        if result == nil, !sending, endOfInput {
            await leave(saying: "session.endOfInput", result: .inputEnded)
        }
    }

    private func answer(_ question: Question, with line: String) async {
        // An empty line at "add another?" keeps the items and moves on, as at any field; elsewhere it decides nothing.
        if case .addGroupItem(let fieldID) = question, line.trimmingCharacters(in: .whitespaces).isEmpty {
            self.question = nil
            await answerAddItem(false, fieldID: fieldID)
            return
        }
        guard let yes = AnswerText.yesOrNo(line) else {
            // The question again, which ends "answer yes or no": a bare "answer yes or no" left the user to
            // remember what was asked.
            if await stopsUnattended(questionPrompt(question)) { return }
            await say(questionPrompt(question), .assertive, kind: .prompt)
            return
        }
        self.question = nil
        switch question {
        case .addGroupItem(let fieldID):
            await answerAddItem(yes, fieldID: fieldID)
        case .restoreDraft(let draft):
            if yes {
                let presetWins = await restore(draft)
                drafts?.takeOwnership(keepingAnswers: true)
                var restored = localizer.plural("session.draft.restored", count: draft.answerCount)
                if !presetWins.isEmpty {
                    restored +=
                        " " + localizer.text("session.draft.presetWins", ["labels": presetWins.joined(separator: ", ")])
                }
                await say(restored, .polite)
            } else {
                // The answers go; an unanswered send stays, so the same data typed again is still that send.
                drafts?.takeOwnership(keepingAnswers: false)
                let discarded =
                    pendingAtStart == 0 || pendingDiscarded
                    ? localizer.text("session.draft.discarded")
                    : localizer.plural("session.draft.discardedPending", count: pendingAtStart)
                await say(discarded, .polite)
            }
            await promptFocus()
        case .confirmSend:
            if yes {
                await send()
            } else {
                await say(localizer.text("session.sendDeclined"), .polite)
            }
        }
    }

    /// Validates and stores an answer for the focused field, then moves focus on.
    private func answerFocused(_ text: String) async {
        guard let field = model.focusedField else {
            // An empty line keeps focus where it is and says so; anything else typed here is no answer.
            if text.trimmingCharacters(in: .whitespaces).isEmpty {
                await promptFocus()
                return
            }
            let onSubmit = localizer.text("session.onSubmit", ["command": SessionCommand.submit.typed(in: language)])
            // A line typed during the send, noted then, lands here: said as what it was, not as a stray line.
            let typedAhead = runningTypedAhead ? localizer.text("session.deferred.noField") + " " : ""
            await say(typedAhead + onSubmit, .polite)
            return
        }
        if field.kind == .list, await collectListLine(text, for: field) { return }
        if field.kind == .multiline, await collectMultilineLine(text, for: field) { return }
        if field.kind == .group {
            await answerGroup(text.trimmingCharacters(in: .whitespaces).isEmpty ? "" : text, for: field)
            return
        }
        // An empty answer keeps the current value (or the default) — design §5. Spaces alone are an empty line too:
        // a single space used to clear the field, a way nobody was told of; :borrar is the one way to empty it.
        let blank = text.trimmingCharacters(in: .whitespaces).isEmpty
        let typed = blank ? (model.answers[field.id] ?? field.defaultValue ?? "") : text
        // Several values on one line go in together or not at all: a refusal says none was added, and what to do.
        let wholeLine =
            field.kind == .list && !blank && input.answersFile == nil
            ? localizer.text("session.list.lineRefused") : nil
        await commit(typed, for: field, refusalNote: wholeLine)
    }

    /// Validates and stores a whole answer for `field`, then moves focus on; or says how to fix it, followed by
    /// `refusalNote` when there is one.
    func commit(_ typed: String, for field: Field, refusalNote: String? = nil) async {
        switch validate(typed, for: field) {
        case .success(let value):
            let changed = model.answers[field.id] != (typed.isEmpty ? nil : typed)
            model.setAnswer(typed, value: value, forField: field.id)
            if changed { await edited() }
            saveDraft()
            model.advance()
            await recordFocus()
            await promptFocus()
        case .failure(let error):
            model.setError(error.detail, forField: field.id)
            model.markVisited(field.id)
            await refuse([error.message, refusalNote].compactMap(\.self).joined(separator: " "))
        }
    }

    /// Applies `--set` answers before the first question; invalid ones are kept as errors to be asked.
    /// Returns the line that says each refused one, in form order, to be said before the first question.
    func applyPresets() -> [String] {
        var refusals: [String] = []
        for field in model.form.fields {
            guard let typed = options.presetAnswers[field.id] else { continue }
            switch validate(typed, for: field) {
            case .success(let value): model.setAnswer(typed, value: value, forField: field.id)
            case .failure(let error):
                model.setError(error.detail, forField: field.id)
                refusals.append(FormRunner.presetRefusal(field: field.id, reason: error.message, localizer))
            }
        }
        model.advanceToFirstUnanswered()
        return refusals
    }

    /// Brings the draft's answers back and goes on where the person is needed: a half-entered group item at its
    /// first empty member, else the first field not asked yet or asked but never kept (a card number), never an
    /// optional field the person left empty on purpose.
    ///
    /// An answer given now with `--set` wins over the draft's: returns the labels of the fields where it did.
    private func restore(_ draft: Draft) async -> [String] {
        let presetWins = applyDraft(draft)
        // A required field left without a value (its kept answer no longer valid) is asked again, never skipped.
        for id in draft.askedFields ?? [] {
            guard let field = model.form.field(id: id), !field.isSensitive,
                !field.required || model.answers[id] != nil
            else { continue }
            model.markVisited(id)
        }
        model.advanceToFirstUnanswered()
        if let unfinished = draft.unfinishedItem, let entry = restoredEntry(unfinished),
            model.focusField(entry.fieldID)
        {
            groupEntry = entry
        }
        return presetWins
    }

    /// Puts a draft's answers in the model: those that are still valid, and none of a sensitive field. An answer
    /// given now with `--set` wins over the draft's: returns the labels of the fields where it did.
    @discardableResult
    func applyDraft(_ draft: Draft) -> [String] {
        var presetWins: [String] = []
        for field in model.form.fields where !field.isSensitive {
            guard let typed = draft.answers[field.id], case .success(let value) = validate(typed, for: field) else {
                continue
            }
            if let preset = options.presetAnswers[field.id] {
                if preset != typed { presetWins.append(field.label) }
                continue
            }
            model.setAnswer(typed, value: value, forField: field.id)
        }
        return presetWins
    }

    /// The group entry a draft's half-entered item stood at: its valid answers back, asked from the first member
    /// without one.
    private func restoredEntry(_ unfinished: UnfinishedGroupItem) -> GroupEntry? {
        guard let field = model.form.field(id: unfinished.fieldID), field.kind == .group else { return nil }
        var entry = GroupEntry(fieldID: field.id)
        for member in field.members {
            guard !member.isSensitive, let typed = unfinished.typed[member.id],
                case .success(let value) = validate(typed, for: member)
            else { break }
            entry.item.typed[member.id] = typed
            entry.item.values[member.id] = value
            entry.member += 1
        }
        return entry.member > 0 && entry.member < field.members.count ? entry : nil
    }

    // MARK: - End of input and interruption

    /// Input is over. While sending, the outcome comes first, then the lines typed meanwhile; `settle` ends it.
    func handleEndOfInput() async {
        endOfInput = true
        await settle()
    }

    /// After `fg`: silence would leave the listener waiting, and the half-typed line is gone (the kernel flushes it
    /// at the stop, so it never reaches the shell). Said, then the question again, whatever kind it is.
    func handleResume() async {
        guard result == nil else { return }
        await say(localizer.text("session.resumed"), .assertive)
        // While a retry waits the next line runs at once, so it is asked for; a send in flight has nothing to ask.
        if !inFlight { await reprompt() }
    }

    func handleInterrupt() async {
        if inFlight {
            // What was typed meanwhile will never run: recorded as typed, before the state that ends the send.
            await recordUnrunLines()
            // The busy state ends here, and the transcript says how: the outcome is unknown, as after a cancel.
            await record(.state, state: .failed, detail: SubmissionFailure.Kind.transient.rawValue)
            await leave(saying: "session.interruptedSending", result: .interrupted)
        } else {
            await leave(saying: "session.interrupted", result: .interrupted)
        }
    }

    /// Ends the session without sending: saves the draft, then says `key` as `ending(_:saved:retype:)` words it:
    /// never "not sent" while a send may have arrived, never a draft that does not exist.
    func leave(saying key: String, result: SessionResult) async {
        // Nothing of a waiting retry has left: it is called off, never sent after the person has gone.
        if waitingToRetry { await controller.cancel() }
        await say(await ending(key, saved: saveDraftOnDisk(), retype: true), .assertive)
        self.result = result
    }

    /// Whether the last send got no answer (a timeout, a lost connection, a cancel): the request may have arrived,
    /// and its pending attempt is kept. A busy server's 503 or 429 is an answer: the request was not taken.
    var lastSendMayHaveArrived: Bool {
        if case .failed(let failure, _?, _) = submission.state, failure.kind == .transient, !failure.answered {
            return true
        }
        return false
    }

    /// Whether any send of this form may have arrived with no sure answer: the last one, or an earlier one, of this
    /// run or another, whose attempt is still pending. A 422 to a later send, or an edit, leaves such a send as
    /// unanswered as it was: "the form was not sent" was said after a lost reply and a rejected second try.
    /// The last send's own attempt is not counted when the server answered it (a 503, a 429): it is still kept for
    /// a retry under its key, but "may have arrived" would be false of it.
    var aSendMayHaveArrived: Bool {
        get async {
            if lastSendMayHaveArrived { return true }
            // A send in flight is said as sending: its own attempt is pending until its answer comes.
            if submission.state.phase == .sending { return false }
            var pending = await controller.pendingAttempts
            if case .failed(let failure, let key?, _) = submission.state, failure.answered {
                pending.removeAll { $0.key == key }
            }
            return !pending.isEmpty
        }
    }

    /// Saves the answers that may be kept (none of a sensitive field: card data, codes, passwords, secrets) beside
    /// the pending attempts the controller keeps there; a draft that cannot be written is not worth stopping for.
    /// Returns whether a draft is kept: not when there is nothing to keep.
    @discardableResult
    func saveDraft() -> Bool {
        guard let drafts else { return false }
        let sensitiveIDs = Set(model.form.fields.filter(\.isSensitive).map(\.id))
        // A card number or an IBAN typed in a field not marked for it is as private: known by its shape; and so is
        // the password typed again in a plain field, known by its value.
        let answers = model.answers.filter {
            !sensitiveIDs.contains($0.key) && !Self.holdsShapedSecret($0.value)
                && !redaction.holdsTypedSecret($0.value)
        }
        let asked = model.form.fields.map(\.id).filter(model.visited.contains)
        // Nothing to keep is no draft: the user would hear "a draft was saved" of nothing, and the keeper never
        // writes an empty set of answers over answers it was not given.
        return drafts.saveAnswers(answers, asked: asked, unfinished: unfinishedItem)
    }

    /// Saves the draft and waits until it is on disk: whether a draft is kept. For the lines that tell the person
    /// so as the run ends; every other save goes on at once, the disk written on the writer's own thread.
    func saveDraftOnDisk() async -> Bool {
        let kept = saveDraft()
        guard let drafts else { return false }
        return await drafts.flushed() && kept
    }

    /// The group item being entered, its sensitive members' answers left out; nil when none holds an answer.
    private var unfinishedItem: UnfinishedGroupItem? {
        guard let entry = groupEntry, let field = model.form.field(id: entry.fieldID) else { return nil }
        let sensitive = Set(field.members.filter(\.isSensitive).map(\.id))
        // A card number or an IBAN typed at a member not marked for it is as private: known by its shape.
        let typed = entry.item.typed.filter {
            !sensitive.contains($0.key) && !Self.holdsShapedSecret($0.value) && !redaction.holdsTypedSecret($0.value)
        }
        return typed.isEmpty ? nil : UnfinishedGroupItem(fieldID: field.id, typed: typed)
    }

    /// Whether a typed answer is, or holds as a list item, a card number or an IBAN: kept out of the draft.
    package static func holdsShapedSecret(_ typed: String) -> Bool {
        !SensitiveShape.matches(in: typed).isEmpty || ListWording.items(typed).contains(where: SensitiveShape.isWhole)
    }

    /// A field changed: the controller drops a failed send's key from its state (the pending attempt stays, bound
    /// to its data), and says so only in its state, which is read back here.
    func edited() async {
        // The offer to send the rejected data again was about those data: a changed value takes it back.
        resendOffered = false
        let wasWaiting = waitingToRetry
        let refusal = await controller.edit()
        submission = await controller.status
        if refusal == .editWhileSending, let label = model.focusedField?.label, !changedAsRetryLeft.contains(label) {
            // The waiting retry left in the instant this line ran, with the data from before it: said with the
            // outcome, as a change typed during a send is.
            changedAsRetryLeft.append(label)
        } else if wasWaiting, refusal == nil {
            // Nothing had left: "this send already left without it" was false, and the retry would have carried
            // data that are no longer the person's. Said now, before the next question.
            await say(
                localizer.text("session.retryCalledOff", ["command": SessionCommand.submit.typed(in: language)]),
                .polite)
        }
    }
}
