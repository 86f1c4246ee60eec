import Foundation
import VozLocalization

/// How a list field is explained and read: how to enter it, how many items, and its items in words.
package enum ListWording {
    /// "Escribe un valor por línea y deja una línea vacía para terminar, o todos en una línea separados por
    /// comas. De 1 a 5 valores, sin repetir. Cada uno, un número mayor que 0."
    package static func instructions(for field: Field, _ localizer: Localizer) -> String {
        var parts = [localizer.text("access.list"), localizer.text("access.list.comma")]
        let rules = field.rules
        var count: String?
        switch (rules.minItems, rules.maxItems) {
        case (let min?, let max?) where min == max: count = localizer.plural("access.list.exactly", count: min)
        case (let min?, let max?):
            count = localizer.text("access.list.between", ["min": String(min), "max": String(max)])
        case (let min?, nil) where min > 0: count = localizer.plural("access.list.min", count: min)
        case (_, let max?): count = localizer.plural("access.list.max", count: max)
        default: count = nil
        }
        if let count {
            parts.append(count + (rules.uniqueItems ? localizer.text("access.list.unique") : "."))
        } else if rules.uniqueItems {
            parts.append(localizer.text("access.list.uniqueOnly"))
        }
        if field.itemKind == .number || field.itemKind == .integer {
            let kind = field.itemKind == .integer ? "access.list.integers" : "access.list.numbers"
            let said = field.itemKind == .integer ? NumberWording.wholeNumberBounds(rules) : rules
            let bounds = NumberWording.bounds(said, localizer)
            parts.append(bounds.map { localizer.text(kind + ".bounded", ["bounds": $0]) } ?? localizer.text(kind))
        } else if field.itemKind == .email {
            parts.append(localizer.text("access.list.emails"))
        }
        return parts.joined(separator: " ")
    }

    /// The items of an answer typed on one line: split at commas (and semicolons), blanks dropped. A backslash
    /// before a comma or semicolon keeps it in the item ("Faster start-up\\, by half" is one item).
    package static func items(_ answer: String) -> [String] {
        pieces(answer).items
    }

    /// Whether a typed line separates items: it has a comma or semicolon no backslash keeps in an item.
    package static func separatesItems(_ answer: String) -> Bool {
        pieces(answer).separated
    }

    /// The answer `items` reads back as these items: each comma or semicolon in an item behind a backslash.
    package static func typed(_ items: [String]) -> String {
        items.map { item in
            var escaped = ""
            for character in item {
                if isSeparator(character) { escaped.append("\\") }
                escaped.append(character)
            }
            // An item's own final backslash must not keep the comma that follows it: a space comes between.
            return escaped.hasSuffix("\\") ? escaped + " " : escaped
        }.joined(separator: ", ")
    }

    private static func isSeparator(_ character: Character) -> Bool {
        character == "," || character == ";"
    }

    private static func pieces(_ answer: String) -> (items: [String], separated: Bool) {
        var items: [String] = []
        var current = ""
        var separated = false
        var escaping = false
        for character in answer {
            if escaping {
                // Only a separator is escaped; any other backslash is the item's own ("C:\\docs").
                if !isSeparator(character) { current.append("\\") }
                escaping = false
                if isSeparator(character) {
                    current.append(character)
                    continue
                }
            }
            if character == "\\" {
                escaping = true
            } else if isSeparator(character) || character == "\n" {
                separated = separated || isSeparator(character)
                items.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaping { current.append("\\") }
        items.append(current)
        return (items.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }, separated)
    }

    /// A list as `:revisar` reads it: "3 valores: a, b y c".
    static func words(_ items: [String], _ localizer: Localizer) -> String {
        localizer.plural("form.list.items", count: items.count, ["items": OptionWording.list(items, localizer)])
    }
}
