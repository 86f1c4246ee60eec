import Foundation
import VozForm
import VozJSON

// MARK: - Lists entered one item a line

extension Session {
    /// Handles a line for a list field: all items on one line separated by commas go through as one answer;
    /// a single item starts (or continues) entry one per line, which an empty line finishes. Returns whether
    /// the line was handled here.
    func collectListLine(_ text: String, for field: Field) async -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard var items = listItems else {
            // Empty keeps the current value; a comma-separated line is the whole list at once.
            if trimmed.isEmpty || ListWording.items(trimmed).count != 1 || trimmed.contains(",") { return false }
            return await addListItem(trimmed, to: [], for: field)
        }
        if trimmed.isEmpty {
            listItems = nil
            if let minItems = field.rules.minItems, items.count < minItems {
                listItems = items
                let detail = localizer.plural("session.list.needMore", count: minItems - items.count)
                await say(localizer.text("validation.message", ["label": field.label, "detail": detail]), .assertive)
                return true
            }
            await commit(items.joined(separator: ", "), for: field)
            return true
        }
        for item in ListWording.items(trimmed) {
            guard await addListItem(item, to: items, for: field) else { return true }
            items = listItems ?? items
        }
        return true
    }

    /// Checks one item and adds it; says the count and how to finish, or what is wrong with the item.
    /// Returns false when the item was refused.
    @discardableResult
    private func addListItem(_ item: String, to items: [String], for field: Field) async -> Bool {
        do throws(ValidationError) {
            try validator.checkItem(item, at: items.count, for: field)
        } catch {
            listItems = items.isEmpty ? nil : items
            await say(error.message, .assertive)
            return true
        }
        if field.rules.uniqueItems, items.contains(where: { $0.lowercased() == item.lowercased() }) {
            let detail = localizer.text(
                "validation.list.duplicate", ["item": QuotedText.visible(item), "position": String(items.count + 1)])
            await say(localizer.text("validation.message", ["label": field.label, "detail": detail]), .assertive)
            return true
        }
        let all = items + [item]
        if let maxItems = field.rules.maxItems, all.count >= maxItems {
            listItems = nil
            await commit(all.joined(separator: ", "), for: field)
            return true
        }
        listItems = all
        await keepListItems(all, for: field)
        await say(localizer.plural("session.list.added", count: all.count), .polite)
        return true
    }

    /// Stores the items entered so far as the field's answer, each time one is added or removed: a review, a move
    /// elsewhere, a draft or an interruption finds them all, where they used to live only until the empty line.
    /// A count under the list's minimum is the submit check's to report.
    func keepListItems(_ items: [String], for field: Field) async {
        let typed = items.joined(separator: ", ")
        guard model.answers[field.id] != (typed.isEmpty ? nil : typed) else { return }
        model.setAnswer(typed, value: items.isEmpty ? nil : .list(items), forField: field.id)
        await edited()
        saveDraft()
    }

    /// The list being entered, asked again after a command: its values so far, the count and how to finish.
    func listEntryPrompt(_ field: Field, items: [String]) -> String {
        let values = localizer.text(
            "session.list.entering", ["label": field.label, "values": OptionWording.list(items, localizer)])
        return values + " " + localizer.plural("session.list.added", count: items.count)
    }
}
