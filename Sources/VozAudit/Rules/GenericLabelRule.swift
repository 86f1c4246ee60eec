import VozForm

/// A label such as "Campo 1", "Champ 1", "Feld 1", "Input" or "Field 2" says where a field is, not what it asks.
package struct GenericLabelRule: FormRule {
    package let info = AuditRuleInfo(
        id: "label-generic", name: "GenericLabel", criterion: .headingsAndLabels, severity: .serious, scope: .form)

    package init() {}

    /// Words that name a control rather than its question ("Campo", "Champ", "Feld", "Input"), in every language.
    static let genericWords = Set(AuditWords.words("audit.words.generic"))

    package func check(_ document: FormDocument) -> RuleCheck {
        let labelled = document.form.fields.enumerated().filter { !AuditText.isBlank($0.element.label) }
        guard !labelled.isEmpty else { return .inapplicable }
        let violations = labelled.compactMap { index, field -> Finding? in
            guard Self.isGeneric(field.label) else { return nil }
            return info.finding(
                in: document, path: "fields[\(index)].label", field: field.id,
                arguments: ["field": field.id, "label": field.label])
        }
        return .checked(violations)
    }

    /// Only generic words and numbers, or a lone letter or number.
    static func isGeneric(_ label: String) -> Bool {
        let words = AuditText.words(label)
        guard !words.isEmpty else { return false }
        if words.count == 1, words[0].count == 1 || words[0].allSatisfy(\.isNumber) { return true }
        let meaningful = words.filter { !$0.allSatisfy(\.isNumber) }
        return !meaningful.isEmpty && meaningful.allSatisfy(genericWords.contains)
    }
}
