import Foundation
import VozLocalization

/// How a repeatable group is explained, asked and read: "Invitado 2 de 3: nombre", "2 en total. Invitado 1: …".
package enum GroupWording {
    /// What one item is called: the form's `itemLabel`, else the group's label.
    package static func itemName(_ field: Field) -> String {
        field.itemLabel ?? field.label
    }

    /// "Invitado 2 de un máximo de 3" (or "Invitado 2" when the group has no maximum): the total is a limit, not a
    /// count of items that exist.
    package static func itemTitle(_ field: Field, number: Int, _ localizer: Localizer) -> String {
        if let maxItems = field.rules.maxItems {
            return localizer.text(
                "form.group.itemOf", ["item": itemName(field), "number": String(number), "total": String(maxItems)])
        }
        return localizer.text("form.group.item", ["item": itemName(field), "number": String(number)])
    }

    /// How a group is answered: how many items, and how to remove one.
    package static func instructions(for field: Field, _ localizer: Localizer) -> String {
        var parts: [String] = []
        switch (field.rules.minItems, field.rules.maxItems) {
        case (let min?, let max?) where min > 0:
            parts.append(localizer.text("access.group.between", ["min": String(min), "max": String(max)]))
        case (let min?, nil) where min > 0: parts.append(localizer.plural("access.group.min", count: min))
        case (_, let max?): parts.append(localizer.plural("access.group.max", count: max))
        default: break
        }
        parts.append(localizer.text("access.group"))
        return parts.joined(separator: " ")
    }

    /// The items as `:revisar` reads them: "2 en total. Invitado 1: Nombre, Ana; Correo, ana@ejemplo.com. …".
    static func words(_ items: [GroupItem], of field: Field, _ localizer: Localizer) -> String {
        let described = items.enumerated().map { index, item in
            let title = localizer.text("form.group.item", ["item": itemName(field), "number": String(index + 1)])
            return title + ": " + memberWords(item, of: field, localizer)
        }
        // The reader ends the whole value with its own full stop.
        return localizer.plural("form.group.count", count: items.count) + " " + described.joined(separator: ". ")
    }

    /// One item's members as said: "nombre, Ana; correo, ana@ejemplo.com".
    package static func memberWords(_ item: GroupItem, of field: Field, _ localizer: Localizer) -> String {
        // Each value with its member's label: "9783161484100 and 2" says nothing of which is which.
        field.members.compactMap { member in
            item.values[member.id].map {
                localizer.text(
                    "form.group.memberValue",
                    ["label": member.label, "value": OptionWording.words($0, for: member, localizer)])
            }
        }.joined(separator: "; ")
    }
}

// MARK: - Validation

extension FieldValidator {
    /// A group's item count, then each item's members in order.
    func checkGroup(_ items: [GroupItem], for field: Field) throws(ValidationError) {
        if items.isEmpty, field.required { throw requiredError(field) }
        if let minItems = field.rules.minItems, items.count < minItems, !items.isEmpty || field.required {
            throw error(field, .tooFewItems, localizer.plural("validation.list.tooFew", count: minItems))
        }
        if let maxItems = field.rules.maxItems, items.count > maxItems {
            throw error(field, .tooManyItems, localizer.plural("validation.list.tooMany", count: maxItems))
        }
        for (index, item) in items.enumerated() {
            for member in field.members {
                do throws(ValidationError) {
                    if let value = item.values[member.id], !Self.isEmpty(value) {
                        try check(value, for: member)
                    } else if member.required {
                        throw requiredError(member, ofMember: true)
                    }
                } catch {
                    let title = localizer.text(
                        "form.group.item", ["item": GroupWording.itemName(field), "number": String(index + 1)])
                    let detail = localizer.text(
                        "validation.group.member", ["item": title, "label": member.label, "detail": error.detail])
                    throw self.error(field, .item(index, error.reason), detail)
                }
            }
        }
    }
}

// MARK: - Typed answers

extension FieldValidator {
    /// A group's answers as typed, as a draft keeps them: a JSON array of objects of member answers.
    public static func typedGroup(_ items: [GroupItem]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(items.map(\.typed))) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The items of a group from its typed form; each member answer is parsed as its field says.
    func groupItems(_ typed: String, for field: Field) throws(ValidationError) -> [GroupItem] {
        guard let answers = try? JSONDecoder().decode([[String: String]].self, from: Data(typed.utf8)) else {
            throw error(field, .wrongType, localizer.text("validation.wrongType"))
        }
        var items: [GroupItem] = []
        for answer in answers {
            var item = GroupItem()
            for member in field.members {
                guard let text = answer[member.id] else { continue }
                item.typed[member.id] = text
                item.values[member.id] = try parse(text, for: member)
            }
            items.append(item)
        }
        return items
    }
}
