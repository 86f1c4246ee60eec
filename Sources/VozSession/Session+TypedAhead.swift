import Foundation
import VozForm

// MARK: - Lines typed while a send that succeeded was in flight

extension Session {
    /// What the lines typed during a send would have changed, had it failed: the send that succeeded carried the
    /// data from before them, and the person must hear that their change was not sent. Worked out on a copy of
    /// the answers, which the run keeps as they were sent.
    ///
    /// Returns the fields the lines would have changed, in form order, with their values, and whether any line
    /// was more than reading or moving.
    func unsentChanges() -> (values: FormValues, anyChange: Bool) {
        var scratch = model
        var values = FormValues()
        var anyChange = false
        for line in deferredLines {
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
        return (values, anyChange)
    }

    /// The sentence said after a success when lines typed during the send were not applied; nil when none was.
    func unsentSentence() -> String? {
        let (values, anyChange) = unsentChanges()
        unsentValues = values
        let labels = model.form.fields.filter { values[$0.id] != nil }.map(\.label)
        if !labels.isEmpty {
            return localizer.text("session.deferred.unsent", ["labels": labels.joined(separator: ", ")])
        }
        return anyChange ? localizer.text("session.deferred.unsentLines") : nil
    }
}
