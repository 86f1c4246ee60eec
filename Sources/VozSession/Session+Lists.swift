import Foundation
import VozForm
import VozJSON

// MARK: - Lists entered one item a line

extension Session {
    /// Handles a line for a list field. A value typed at a list is added to what it holds (after `:quitar`, a
    /// server error or a `:ir` back): the one way to empty it is `:borrar`. At an empty list, all items on one line
    /// separated by commas go through as one answer; a single item starts entry one per line, which an empty line
    /// finishes. Returns whether the line was handled here.
    func collectListLine(_ text: String, for field: Field) async -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            // Empty keeps the current value, as at any field, unless it ends entry one item a line.
            guard let items = listItems else { return false }
            await finishList(items, for: field)
            return true
        }
        let held = listItems ?? heldListItems(field)
        if held.isEmpty, listItems == nil, ListWording.separatesItems(trimmed) { return false }
        let typed = ListWording.items(trimmed)
        guard !typed.isEmpty else {
            // Separators alone add nothing, and drop nothing held.
            await reprompt()
            return true
        }
        await addListItems(typed, to: held, for: field)
        return true
    }

    /// The items the list holds now, as the model keeps them.
    func heldListItems(_ field: Field) -> [String] {
        if case .list(let items)? = model.values[field.id] { return items }
        return []
    }

    /// An empty line ends entry one item a line: the list is answered, unless it is short of its minimum.
    private func finishList(_ items: [String], for field: Field) async {
        if let minItems = field.rules.minItems, items.count < minItems {
            let detail = localizer.plural("session.list.needMore", count: minItems - items.count)
            await refuse(localizer.text("validation.message", ["label": field.label, "detail": detail]))
            return
        }
        listItems = nil
        await commit(ListWording.typed(items), for: field)
    }

    /// Checks each item of one typed line and adds it after `held`, up to the first refused; then says once
    /// what the line did: the count and how to finish, or what is wrong with the refused item.
    private func addListItems(_ typed: [String], to held: [String], for field: Field) async {
        var items = held
        var refusal: String?
        for item in typed {
            refusal = listItemRefusal(item, after: items, for: field)
            if refusal != nil { break }
            items.append(item)
        }
        if items.count != held.count { await keepListItems(items, for: field) }
        if refusal == nil, let maxItems = field.rules.maxItems, items.count >= maxItems {
            // Full: the list is answered and focus moves on, as after an empty line.
            listItems = nil
            await commit(ListWording.typed(items), for: field)
            return
        }
        listItems = items.isEmpty ? nil : items
        // "Type another" is no way on for a full list: its refusal says how to go on.
        let full = field.rules.maxItems.map { items.count >= $0 } ?? false
        let added = items.isEmpty || full ? nil : localizer.plural("session.list.added", count: items.count)
        guard let refusal else {
            if let added { await say(added, .polite) }
            return
        }
        // One line, one announcement: the refusal first, then where the list stands.
        await refuse([refusal, added].compactMap(\.self).joined(separator: " "))
    }

    /// Why `item` cannot follow `items`: no room left, not an item of the list's kind, or a repeat where items
    /// must differ; nil when it can.
    private func listItemRefusal(_ item: String, after items: [String], for field: Field) -> String? {
        if let maxItems = field.rules.maxItems, items.count >= maxItems {
            return localizer.text("session.group.full", ["item": field.label])
        }
        do throws(ValidationError) {
            try validator.checkItem(item, at: items.count, for: field)
        } catch {
            return error.message
        }
        if field.rules.uniqueItems, items.contains(where: { $0.lowercased() == item.lowercased() }) {
            let detail = localizer.text(
                "validation.list.duplicate", ["item": QuotedText.visible(item), "position": String(items.count + 1)])
            return localizer.text("validation.message", ["label": field.label, "detail": detail])
        }
        return nil
    }

    /// Stores the items entered so far as the field's answer, each time one is added or removed: a review, a move
    /// elsewhere, a draft or an interruption finds them all, where they used to live only until the empty line.
    /// A count under the list's minimum is the submit check's to report.
    func keepListItems(_ items: [String], for field: Field) async {
        let typed = ListWording.typed(items)
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

    /// What the prompt of a list that holds values adds, so a value typed there is known to be added, not to
    /// replace them: "Escribe otro para añadirlo, o una línea vacía para dejarlos así."
    func listAddHint(_ field: Field) -> String {
        let held = heldListItems(field).count
        // A full list takes no other: a value typed there is refused with how to make room.
        guard field.kind == .list, held > 0, held < field.rules.maxItems ?? .max else { return "" }
        return " " + localizer.text("session.list.addHint")
    }
}
