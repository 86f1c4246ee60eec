import Foundation
import VozForm
import VozTranscript

// MARK: - Lines typed while a send that succeeded was in flight

extension Session {
    /// What the lines typed during a send would have changed, had it failed: the send that succeeded carried the
    /// data from before them, and the person must hear that their change was not sent. Worked out on a copy of
    /// the answers, which the run keeps as they were sent.
    ///
    /// Returns the fields the lines would have changed, in form order, with their values; whether any line
    /// was more than reading or moving; and the field each line would have answered, in the order typed.
    func unsentChanges() -> (values: FormValues, anyChange: Bool, fields: [Field?]) {
        var scratch = model
        var values = FormValues()
        var anyChange = false
        var fields: [Field?] = []
        for line in deferredLines {
            fields.append(scratch.focusedField)
            switch SessionInput(line: line.text) {
            case .command(.next): scratch.next()
            case .command(.previous): scratch.previous()
            case .command(.go(let target)): _ = scratch.go(to: target)
            case .command(.review), .command(.whereAmI), .command(.help), .command(.repeatLast), .command(.submit):
                continue
            case .command, .unknownCommand:
                anyChange = true
            case .answer(let text):
                guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
                anyChange = true
                guard let field = scratch.focusedField, scratch.answers[field.id] != text,
                    case .success(let value) = validate(text, for: field)
                else { continue }
                scratch.setAnswer(text, value: value, forField: field.id)
                values[field.id] = value
                scratch.advance()
            }
        }
        return (values, anyChange, fields)
    }

    /// The sentence said after a success when lines typed during the send were not applied, or a change came in
    /// the instant a waiting retry left; nil when none was.
    func unsentSentence() -> String? {
        let (values, anyChange, _) = unsentChanges()
        unsentValues = values
        let labels = model.form.fields.filter { values[$0.id] != nil }.map(\.label)
        let late = changedAsRetryLeft.filter { !labels.contains($0) }
        if !labels.isEmpty || !late.isEmpty {
            return localizer.text("session.deferred.unsent", ["labels": (labels + late).joined(separator: ", ")])
        }
        return anyChange ? localizer.text("session.deferred.unsentLines") : nil
    }

    /// Records the lines typed during a send that will never run (the send succeeded, or the run ended first) as
    /// the input they were, each at the field it would have answered: masked there as any line typed at that field
    /// is (a password, a card number), or by its shape, in the state they were typed in. Then they are gone: a line
    /// is recorded once.
    func recordUnrunLines() async {
        guard !deferredLines.isEmpty else { return }
        let (_, _, fields) = unsentChanges()
        for (line, field) in zip(deferredLines, fields) {
            let secret = field?.isSensitive == true
            let shaped = !secret && SensitiveShape.isWhole(line.text)
            let focus = field.map(\.id) ?? FocusTarget.submit.id(in: model.form)
            await announcer.record(
                TranscriptEvent(
                    time: 0, kind: .input, text: secret || shaped ? "hidden" : line.text, focus: focus,
                    state: .sending, detail: secret ? "hidden" : nil))
        }
        deferredLines = []
    }

    /// Answers typed during a send and not used, the reply having moved the focus: recorded as typed (hidden when
    /// they hold a secret), and said in one line with where the form is now, never repeating what was typed.
    func sayUnused(_ lines: [(number: Int, text: String)]) async {
        let focus = model.focusedField
        for line in lines {
            let hidden =
                focus?.isSensitive == true || SensitiveShape.isWhole(line.text)
                || redaction.holdsTypedSecret(line.text)
            await announcer.record(
                TranscriptEvent(
                    time: 0, kind: .input, text: hidden ? "hidden" : line.text,
                    focus: focus?.id ?? FocusTarget.submit.id(in: model.form), state: .sending,
                    detail: hidden ? "hidden" : "unused"))
        }
        let place = focus?.label ?? model.form.submit.label
        await say(localizer.plural("session.deferred.unused", count: lines.count, ["field": place]), .polite)
    }
}
