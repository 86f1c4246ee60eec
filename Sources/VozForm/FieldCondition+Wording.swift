import Foundation
import VozLocalization

// MARK: - A branch said in words

extension Form {
    /// Why `field` is not asked now, as a person acts on it: "Número de tarjeta se pregunta solo cuando Forma de pago
    /// es Tarjeta", the condition named by labels and the option's label, never by ids or values. Nil when the field
    /// has no condition.
    public func conditionSentence(for field: Field, _ localizer: Localizer) -> String? {
        guard let condition = field.condition else { return nil }
        guard let deciding = self.field(id: condition.fieldID) else { return nil }
        guard !condition.values.isEmpty else {
            return localizer.text("form.condition.answered", ["label": field.label, "field": deciding.label])
        }
        let words = condition.values.map { value in
            if let option = deciding.options.first(where: { $0.value == value }) { return option.label }
            if deciding.kind == .confirm, value == "true" || value == "false" {
                return localizer.text(value == "true" ? "form.yes" : "form.no")
            }
            return value
        }
        let or = localizer.text("openapi.or")
        let value =
            words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + or + (words.last ?? "")
        return localizer.text("form.condition.equals", ["label": field.label, "field": deciding.label, "value": value])
    }
}
