import Foundation
import VozForm

// MARK: - Multiline answers, a line at a time

extension Session {
    /// Handles a line for a multiline field: the first line starts the answer, each later one adds a line, and an
    /// empty line ends it ("You can type several lines" was one line, the next line went to the next field).
    /// An empty first line keeps the current value, as at any field. Returns whether the line was handled here.
    func collectMultilineLine(_ text: String, for field: Field) async -> Bool {
        let blank = text.trimmingCharacters(in: .whitespaces).isEmpty
        guard var lines = multilineLines else {
            if blank { return false }
            multilineLines = [text]
            await keepMultiline([text], for: field)
            await say(localizer.plural("session.multiline.added", count: 1), .polite)
            return true
        }
        if blank {
            multilineLines = nil
            await commit(lines.joined(separator: "\n"), for: field)
            return true
        }
        lines.append(text)
        multilineLines = lines
        await keepMultiline(lines, for: field)
        await say(localizer.plural("session.multiline.added", count: lines.count), .polite)
        return true
    }

    /// Stores the lines typed so far as the field's answer, as a list keeps its items: a move elsewhere, a review,
    /// a draft or an interruption finds them. A rule broken (too long) is the submit check's to report.
    private func keepMultiline(_ lines: [String], for field: Field) async {
        let typed = lines.joined(separator: "\n")
        guard model.answers[field.id] != typed else { return }
        let value: FieldValue? =
            switch validate(typed, for: field) {
            case .success(let value): value
            case .failure: .text(typed)
            }
        model.setAnswer(typed, value: value, forField: field.id)
        await edited()
        saveDraft()
    }

    /// The multiline answer being typed, asked again after a command: the field and how many lines so far.
    func multilineEntryPrompt(_ field: Field, lines: [String]) -> String {
        field.label + ". " + localizer.plural("session.multiline.added", count: lines.count)
    }
}
