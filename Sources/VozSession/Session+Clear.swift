import Foundation
import VozForm

// MARK: - Emptying an optional field

extension Session {
    /// `:borrar`: empties the focused optional field and moves on as an answer does. An empty line keeps a value
    /// (design §5), so this is the one way to take an answer back; a required field, an empty one and the submit
    /// control say why nothing changed and ask again.
    func clearFocused() async {
        guard let field = model.focusedField else {
            await say(
                localizer.text("session.clear.notHere", ["go": SessionCommand.go("").typed(in: language)]), .assertive)
            await reprompt()
            return
        }
        if field.required {
            await say(localizer.text("session.clear.required", ["label": field.label]), .assertive)
            await reprompt()
            return
        }
        let hadEntry = listItems != nil || multilineLines != nil || groupEntry?.fieldID == field.id
        listItems = nil
        multilineLines = nil
        if groupEntry?.fieldID == field.id { groupEntry = nil }
        guard model.answers[field.id] != nil || model.values[field.id] != nil || hadEntry else {
            await say(localizer.text("session.clear.empty", ["label": field.label]), .polite)
            await reprompt()
            return
        }
        model.setAnswer("", value: nil, forField: field.id)
        // A server's errors on the items that went must not land on the items typed next in their places.
        model.dropMemberErrors(ofGroup: field.id)
        await edited()
        saveDraft()
        await say(localizer.text("session.clear.done", ["label": field.label]), .polite)
        model.advance()
        await recordFocus()
        await promptFocus()
    }

    /// What the prompt of an optional field that holds a value adds, so the way to empty it is said where it
    /// applies: "Para vaciarlo, escribe :borrar."
    func clearHint(_ field: Field) -> String {
        guard !field.required, model.answers[field.id] != nil || model.values[field.id] != nil else { return "" }
        return " " + localizer.text("session.clear.hint", ["command": SessionCommand.clear.typed(in: language)])
    }
}
