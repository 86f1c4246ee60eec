import Foundation
import VozLocalization

/// How options and values are said: "1, Gratis; 2, Pro; 3, Empresa", "sí", "Pro y Empresa".
package enum OptionWording {
    /// The options with their numbers, in order.
    package static func numbered(_ options: [FieldOption], _ localizer: Localizer) -> String {
        options.enumerated()
            .map { localizer.text("form.option", ["number": String($0.offset + 1), "label": $0.element.label]) }
            .joined(separator: localizer.text("form.optionSeparator"))
    }

    /// "A, B y C".
    package static func list(_ items: [String], _ localizer: Localizer) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + localizer.text("form.and") + last
    }

    /// A value in words: an option's label, sí or no, a number as the language writes it.
    package static func words(_ value: FieldValue, for field: Field, _ localizer: Localizer) -> String {
        switch value {
        case .bool(let yes): return localizer.text(yes ? "form.yes" : "form.no")
        case .number(let number): return AnswerText.format(number, language: localizer.language)
        case .text(let text):
            return field.options.first { $0.value == text }?.label ?? text
        case .list(let items) where field.kind == .list:
            return ListWording.words(items, localizer)
        case .group(let items):
            return GroupWording.words(items, of: field, localizer)
        case .list(let values):
            let labels = values.map { value in field.options.first { $0.value == value }?.label ?? value }
            return list(labels, localizer)
        }
    }
}
