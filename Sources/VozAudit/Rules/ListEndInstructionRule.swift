import VozForm

/// A list is entered one value a line until an empty line, or on one line with commas. Voz says so; a form that
/// replaces that phrase (`messages` → `access.list`) must still say how to end the list, or the listener is left
/// typing values with no way out.
package struct ListEndInstructionRule: FormRule {
    package let info = AuditRuleInfo(
        id: "list-end-instruction-missing", name: "ListEndInstructionMissing", criterion: .labelsOrInstructions,
        severity: .serious, scope: .form)

    /// Words that say how a list ends: an empty line, or commas.
    static let endings = ["vacia", "vacio", "empty", "blank", "coma", "comma"]

    package init() {}

    package func check(_ document: FormDocument) -> RuleCheck {
        let lists = document.form.fields.enumerated().filter { $0.element.kind == .list }
        guard !lists.isEmpty else { return .inapplicable }
        guard let phrase = document.form.messages["access.list"] else { return .checked([]) }
        let words = AuditText.words(phrase)
        guard !words.contains(where: { word in Self.endings.contains { word.hasPrefix($0) } }) else {
            return .checked([])
        }
        let field = lists[0].element
        return .checked([
            info.finding(in: document, path: "messages.access.list", field: field.id, arguments: ["field": field.id])
        ])
    }
}
