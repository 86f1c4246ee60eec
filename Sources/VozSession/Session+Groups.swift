import Foundation
import VozForm

/// The item of a repeatable group being answered: which member comes next and the answers so far.
struct GroupEntry: Sendable, Equatable {
    var fieldID: String
    var item = GroupItem()
    var member = 0
    /// The item (from 0) whose member a server refused, when this entry corrects it in place rather than adding
    /// a new item.
    var replacing: Int?
}

// MARK: - Repeatable groups, asked item by item

extension Session {
    /// The items the group holds now.
    func groupItems(_ field: Field) -> [GroupItem] {
        if case .group(let items)? = model.values[field.id] { return items }
        return []
    }

    /// What follows a group's prompt: the first question of a new item while more are needed, else whether to
    /// add another (nothing once the group is full). Sets the entry or the question it ends with.
    func groupContinuation(_ field: Field) -> String {
        guard field.kind == .group, !inFlight else { return "" }
        if let correction = memberCorrection(field) { return " " + correction }
        let items = groupItems(field)
        let needed = field.rules.minItems ?? (field.required ? 1 : 0)
        if let maxItems = field.rules.maxItems, items.count >= maxItems { return "" }
        // An item left unfinished by a command goes on where it stopped: its answers so far are not lost.
        if let entry = groupEntry, entry.fieldID == field.id, entry.replacing == nil {
            return " " + memberPrompt(field, entry: entry, number: items.count + 1)
        }
        if items.count < needed {
            groupEntry = GroupEntry(fieldID: field.id)
            return " " + memberPrompt(field, entry: GroupEntry(fieldID: field.id), number: items.count + 1)
        }
        question = .addGroupItem(field.id)
        return " " + addQuestion(field, count: items.count)
    }

    func addQuestion(_ field: Field, count: Int) -> String {
        // The item word is often a description's English noun in a Spanish session: the question puts no article
        // nor agreement beside it ("¿Añadir guest 2?", not "¿Añadir otro guest?"), and names the new item by the
        // number it will be heard as ("Invitado 2: quitado.").
        let item = GroupWording.itemName(field).lowercased()
        return localizer.text(
            count == 0 ? "session.group.addFirst" : "session.group.addAnother",
            ["item": item, "number": String(count + 1)])
    }

    private func memberPrompt(_ field: Field, entry: GroupEntry, number: Int, error: String? = nil) -> String {
        GroupWording.memberPrompt(field.members[entry.member], of: field, number: number, error: error, localizer)
    }

    /// The answer to "¿Añadir invitado 2?".
    func answerAddItem(_ yes: Bool, fieldID: String) async {
        guard let field = model.form.field(id: fieldID) else { return }
        if yes {
            groupEntry = GroupEntry(fieldID: fieldID)
            await say(
                memberPrompt(field, entry: GroupEntry(fieldID: fieldID), number: groupItems(field).count + 1),
                .polite, kind: .prompt)
            return
        }
        model.markVisited(fieldID)
        model.advance()
        await recordFocus()
        await promptFocus()
    }

    /// A line typed on a group: the answer to the member being asked, or (with no item open) an empty line that
    /// keeps the items and moves on.
    func answerGroup(_ text: String, for field: Field) async {
        guard var entry = groupEntry, entry.fieldID == field.id else {
            if text.isEmpty {
                await commit(FieldValidator.typedGroup(groupItems(field)), for: field)
            } else if let maxItems = field.rules.maxItems, groupItems(field).count >= maxItems {
                await refuse(localizer.text("session.group.full", ["item": GroupWording.itemName(field)]))
            } else if let yes = AnswerText.yesOrNo(text) {
                // Room is left: the line answers "add another?", never "no room for more" with 0 of 3.
                await answerAddItem(yes, fieldID: field.id)
            } else if !(await stopsUnattended(localizer.text("session.yesNo"))) {
                await say(localizer.text("session.yesNo"), .assertive)
                await reprompt()
            }
            return
        }
        let member = field.members[entry.member]
        let number = entry.replacing.map { $0 + 1 } ?? groupItems(field).count + 1
        // Correcting, an empty line keeps the value the member has, as at any field.
        let kept = entry.replacing == nil ? nil : entry.item.typed[member.id]
        let typed = text.isEmpty ? (kept ?? member.defaultValue ?? "") : text
        switch validate(typed, for: member, ofMember: true) {
        case .failure(let error):
            let title = GroupWording.itemTitle(field, number: number, localizer)
            await refuse(
                localizer.text("validation.message", ["label": title + ": " + member.label, "detail": error.detail]))
            return
        case .success(let value):
            entry.item.typed[member.id] = typed.isEmpty ? nil : typed
            entry.item.values[member.id] = value
        }
        if let index = entry.replacing {
            groupEntry = nil
            await correctItem(entry.item, at: index, member: member.id, of: field)
            return
        }
        entry.member += 1
        if entry.member < field.members.count {
            groupEntry = entry
            await say(memberPrompt(field, entry: entry, number: number), .polite, kind: .prompt)
            return
        }
        groupEntry = nil
        await addItem(entry.item, to: field, number: number)
    }

    private func addItem(_ item: GroupItem, to field: Field, number: Int) async {
        let items = groupItems(field) + [item]
        model.setAnswer(FieldValidator.typedGroup(items), value: .group(items), forField: field.id)
        await edited()
        saveDraft()
        let added = localizer.text(
            "session.group.added", ["item": GroupWording.itemTitle(field, number: number, localizer)])
        if let maxItems = field.rules.maxItems, items.count >= maxItems {
            await say(added, .polite)
            model.advance()
            await recordFocus()
            await promptFocus()
            return
        }
        await say(added + groupContinuation(field), .polite, kind: .prompt)
    }

    // MARK: - Removing an item

    /// `:quitar N`: removes item N of the focused group or list.
    func remove(_ target: String) async {
        guard let field = model.focusedField, field.kind == .group || field.kind == .list else {
            await say(localizer.text("session.remove.notHere"), .assertive)
            await reprompt()
            return
        }
        if var items = listItems, field.kind == .list {
            guard let number = Int(target.trimmingCharacters(in: .whitespaces)), number > 0,
                items.indices.contains(number - 1)
            else {
                await say(localizer.plural("session.remove.which", count: items.count), .assertive)
                await reprompt()
                return
            }
            let gone = items.remove(at: number - 1)
            listItems = items.isEmpty ? nil : items
            await keepListItems(items, for: field)
            let name = localizer.text("session.remove.value")
            let arguments = ["item": name, "number": String(number), "value": gone]
            await say(localizer.plural("session.remove.done", count: items.count, arguments), .polite)
            await reprompt()
            return
        }
        let count: Int
        switch model.values[field.id] {
        case .group(let items)?: count = items.count
        case .list(let items)?: count = items.count
        default: count = 0
        }
        guard count > 0 else {
            await say(localizer.text("session.remove.empty"), .assertive)
            await reprompt()
            return
        }
        guard let number = Int(target.trimmingCharacters(in: .whitespaces)), (1...count).contains(number) else {
            await say(localizer.plural("session.remove.which", count: count), .assertive)
            await reprompt()
            return
        }
        // What the item held is said with its removal: the number alone does not tell the user what went.
        let gone: String
        switch model.values[field.id] {
        case .group(var items)?:
            gone = GroupWording.memberWords(items.remove(at: number - 1), of: field, localizer)
            model.setAnswer(FieldValidator.typedGroup(items), value: .group(items), forField: field.id)
        case .list(var items)?:
            gone = items.remove(at: number - 1)
            model.setAnswer(ListWording.typed(items), value: .list(items), forField: field.id)
        default:
            return
        }
        // The items after the one removed moved up: a server's error on "item 3" no longer says which.
        model.dropMemberErrors(ofGroup: field.id)
        if groupEntry?.fieldID == field.id, groupEntry?.replacing != nil { groupEntry = nil }
        await edited()
        saveDraft()
        let name = field.kind == .group ? GroupWording.itemName(field) : localizer.text("session.remove.value")
        let removed = localizer.plural(
            "session.remove.done", count: count - 1, ["item": name, "number": String(number), "value": gone])
        guard field.kind == .group else {
            await say(removed, .polite)
            await reprompt()
            return
        }
        await say(removed + groupContinuation(field), .polite, kind: .prompt)
    }
}
