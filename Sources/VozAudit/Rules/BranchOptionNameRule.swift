import Foundation
import VozForm

/// A choice that decides which fields apply is often generated from a schema, and its options come out as the
/// schema's names (`card_payment`, `BankAccount`), or as "Option 2" where the schema gives no name at all: words a
/// listener cannot make sense of. Each option of a branch choice needs a label written for people.
package struct BranchOptionNameRule: FormRule {
    package let info = AuditRuleInfo(
        id: "branch-option-schema-name", name: "BranchOptionSchemaName", criterion: .headingsAndLabels,
        severity: .serious, scope: .form)

    package init() {}

    package func check(_ document: FormDocument) -> RuleCheck {
        let form = document.form
        let deciding = Set(
            form.fields.compactMap(\.condition?.fieldID) + form.constants.compactMap(\.condition?.fieldID))
        let branches = form.fields.enumerated().filter {
            deciding.contains($0.element.id) && !$0.element.options.isEmpty
        }
        guard !branches.isEmpty else { return .inapplicable }
        var violations: [Finding] = []
        for (index, field) in branches {
            for (optionIndex, option) in field.options.enumerated() {
                let variant =
                    Self.looksLikeSchemaName(option)
                    ? "message" : GenericLabelRule.isGeneric(option.label) ? "generic" : nil
                guard let variant else { continue }
                violations.append(
                    info.finding(
                        in: document, path: "fields[\(index)].options[\(optionIndex)].label", field: field.id,
                        variant: variant, arguments: ["field": field.id, "label": option.label]))
            }
        }
        return .checked(violations)
    }

    /// A label with an underscore, a camel-case hump, or the option's own value when that is an identifier.
    static func looksLikeSchemaName(_ option: FieldOption) -> Bool {
        let label = option.label.trimmingCharacters(in: .whitespaces)
        guard !label.isEmpty, !label.contains(" ") else { return false }
        if label.contains("_") { return true }
        let scalars = Array(label.unicodeScalars)
        let humped = zip(scalars, scalars.dropFirst()).contains {
            CharacterSet.lowercaseLetters.contains($0) && CharacterSet.uppercaseLetters.contains($1)
        }
        if humped { return true }
        let identifier = label.unicodeScalars.allSatisfy { $0.isASCII && CharacterSet.alphanumerics.contains($0) }
        return identifier && label == option.value && label == label.lowercased()
    }
}
