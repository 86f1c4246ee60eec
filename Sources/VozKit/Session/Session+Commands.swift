import Foundation

// MARK: - Commands

extension Session {
    var language: Language { localizer.language }

    func run(_ command: SessionCommand) async {
        // A list being entered one item a line ends unsaved when the user goes elsewhere.
        switch command {
        case .repeatLast, .whereAmI, .help: break
        // Removing a value while a list is being entered removes it from what was entered so far.
        case .remove where listItems != nil: break
        default:
            listItems = nil
            groupEntry = nil
        }
        switch command {
        case .submit:
            await submitCommand()
        case .retry:
            await retryCommand()
        case .cancel:
            await say(localizer.text("session.nothingToCancel"), .polite)
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
            } else {
                await say(
                    localizer.text(
                        "session.goNotFound", ["target": target, "total": String(model.applicableIndices.count)]),
                    .assertive)
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
        case .help:
            await say(help(), .polite, optionalReading: true)
        case .quit:
            await leave(saying: "session.quit", result: .notCompleted)
        case .remove(let target):
            await remove(target)
        }
    }

    /// Says the focused field (or the submit control) as one line: position, label, state, hint, value.
    func promptFocus() async {
        var text: String
        switch model.focus {
        case .field(let index):
            text = fieldPrompt(index) + groupContinuation(model.form.fields[index])
        case .submit:
            text = submitPrompt()
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

    /// Read on request, so the user's own navigation may cut it short (speech-dispatcher's `text`).
    private func review() async {
        await say(
            localizer.text("session.review.start", ["title": model.form.title]), .polite, optionalReading: true)
        for index in model.applicableIndices {
            await say(fieldReview(index), .polite, optionalReading: true)
        }
        await say(submitPrompt(), .polite, optionalReading: true)
    }

    private func whereAmI() async {
        let state = localizer.text("session.state.\(stateName)")
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
            (.whereAmI, "where"), (.help, "help"),
            (.quit, "quit"),
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
                text, priority: priority, kind: kind, focus: model.focus.id(in: model.form), state: stateName,
                isOptionalReading: optionalReading))
    }

    func record(
        _ kind: TranscriptEvent.Kind, text: String? = nil, state: String? = nil, detail: String? = nil
    ) async {
        await announcer.record(
            TranscriptEvent(
                time: 0, kind: kind, text: text, focus: model.focus.id(in: model.form), state: state ?? stateName,
                detail: detail))
    }

    func recordFocus() async {
        await record(.focus)
    }
}
