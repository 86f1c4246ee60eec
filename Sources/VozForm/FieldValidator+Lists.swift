import Foundation
import VozJSON

/// Checking a list field: how many items, whether they repeat, and each item by the field's rules.
extension FieldValidator {
    func checkItems(_ items: [String], for field: Field) throws(ValidationError) {
        let rules = field.rules
        if items.isEmpty, field.required { throw requiredError(field) }
        if let minItems = rules.minItems, items.count < minItems, !items.isEmpty || field.required {
            throw error(field, .tooFewItems, localizer.plural("validation.list.tooFew", count: minItems))
        }
        if let maxItems = rules.maxItems, items.count > maxItems {
            throw error(field, .tooManyItems, localizer.plural("validation.list.tooMany", count: maxItems))
        }
        if rules.uniqueItems {
            var seen = Set<String>()
            for (index, item) in items.enumerated() {
                guard seen.insert(item.lowercased()).inserted else {
                    let detail = localizer.text(
                        "validation.list.duplicate", ["item": QuotedText.visible(item), "position": String(index + 1)])
                    throw error(field, .duplicateItem, detail)
                }
            }
        }
        for (index, item) in items.enumerated() {
            _ = try checkItem(item, at: index, for: field)
        }
    }

    /// One item, checked as a field of the list's item kind with the list's rules; returns it as the body
    /// keeps it (a number in its plain form).
    @discardableResult
    package func checkItem(_ item: String, at index: Int, for field: Field) throws(ValidationError) -> String {
        var single = field
        single.kind = field.itemKind
        single.required = true
        single.defaultValue = nil
        do throws(ValidationError) {
            guard let value = try parse(item, for: single) else { return item }
            if case .number(let number) = value { return JSONNumber(number)?.literal ?? item }
            return item
        } catch {
            let detail = localizer.text(
                "validation.list.item",
                ["position": String(index + 1), "item": QuotedText.visible(item), "detail": error.detail])
            throw self.error(field, .item(index, error.reason), detail)
        }
    }
}
