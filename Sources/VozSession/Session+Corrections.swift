import Foundation
import VozAccessibility
import VozForm

// MARK: - A server's error on a member of a group's item, corrected in place

extension Session {
    /// The question that corrects a refused member of one of `field`'s items: the one being corrected, else the next
    /// the server refused (opening it), with the member's value and the server's words, as any field is asked
    /// after a failed send. Nil when nothing of the group waits to be corrected.
    func memberCorrection(_ field: Field) -> String? {
        guard field.kind == .group, !inFlight else { return nil }
        let items = groupItems(field)
        if let entry = groupEntry, entry.fieldID == field.id {
            guard let index = entry.replacing else { return nil }
            // The item went (`:borrar`, a draft restored over it): nothing is left there to correct.
            guard items.indices.contains(index) else {
                groupEntry = nil
                return memberCorrection(field)
            }
            return correctionPrompt(field, entry: entry)
        }
        let pending = (model.memberErrors[field.id] ?? []).first { error in
            items.indices.contains(error.item) && field.members.contains { $0.id == error.memberID }
        }
        guard let pending, let member = field.members.firstIndex(where: { $0.id == pending.memberID }) else {
            return nil
        }
        let entry = GroupEntry(fieldID: field.id, item: items[pending.item], member: member, replacing: pending.item)
        groupEntry = entry
        return correctionPrompt(field, entry: entry)
    }

    private func correctionPrompt(_ field: Field, entry: GroupEntry) -> String {
        let member = field.members[entry.member]
        let index = entry.replacing ?? 0
        let error = (model.memberErrors[field.id] ?? []).first { $0.item == index && $0.memberID == member.id }
        return GroupWording.memberPrompt(
            member, of: field, number: index + 1, error: error?.detail, value: entry.item.values[member.id], localizer)
    }

    /// The group's position and name alone, before a correction's question: the error and the value are the
    /// member's, said once, in its question.
    func groupHeading(_ index: Int) -> String {
        var element = tree.fields[index]
        element.error = nil
        element.traits.remove(.invalid)
        element.value = nil
        element.hint = nil
        element.instructions = nil
        element.example = nil
        element.defaultValue = nil
        return element.spoken(localizer)
    }

    /// Stores item `index` with its member corrected, then asks the next refused member, or moves on as after
    /// any answer.
    func correctItem(_ item: GroupItem, at index: Int, member memberID: String, of field: Field) async {
        var items = groupItems(field)
        guard items.indices.contains(index) else { return }
        // The same value kept (an empty line) is no edit: sending it again is then the resend the person asks for.
        let changed = items[index] != item
        items[index] = item
        model.correctMember(
            memberID, item: index, ofGroup: field.id, typed: FieldValidator.typedGroup(items), items: items)
        if changed { await edited() }
        saveDraft()
        let done = localizer.text(
            "session.group.added", ["item": GroupWording.itemTitle(field, number: index + 1, localizer)])
        if let next = memberCorrection(field) {
            await say(done + " " + next, .polite, kind: .prompt)
            return
        }
        await say(done, .polite)
        model.advance()
        await recordFocus()
        await promptFocus()
    }
}
