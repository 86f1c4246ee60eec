import VozForm

/// Check marks, stars, arrows, box drawing and emoji are read as long names ("heavy check mark") or not at all;
/// a label made only of them says nothing.
package struct UnreadableSymbolRule: FormRule {
    package let info = AuditRuleInfo(
        id: "symbol-unreadable", name: "SymbolUnreadable", criterion: .nonTextContent, severity: .moderate,
        scope: .form)

    package init() {}

    package func check(_ document: FormDocument) -> RuleCheck {
        let violations = spokenTexts(of: document.form).compactMap { path, field, text -> Finding? in
            let symbols = SpokenSymbols.found(in: text)
            guard !symbols.isEmpty else { return nil }
            let only = !SpokenSymbols.hasWords(text)
            return info.finding(
                in: document, path: path, field: field, variant: only ? "only" : "message",
                arguments: ["field": field, "symbols": String(symbols)], severity: only ? .serious : nil)
        }
        return .checked(violations)
    }

    /// Every text Voz speaks from the form, with its path and the field (or `submit`, `title`) it belongs to.
    private func spokenTexts(of form: Form) -> [(String, String, String)] {
        var texts: [(String, String, String)] = [("title", "title", form.title)]
        for (index, field) in form.fields.enumerated() {
            texts.append(("fields[\(index)].label", field.id, field.label))
            if let hint = field.hint { texts.append(("fields[\(index)].hint", field.id, hint)) }
            if let placeholder = field.placeholder {
                texts.append(("fields[\(index)].placeholder", field.id, placeholder))
            }
            for (optionIndex, option) in field.options.enumerated() {
                texts.append(("fields[\(index)].options[\(optionIndex)].label", field.id, option.label))
            }
        }
        texts.append(("submit.label", "submit", form.submit.label))
        if let busy = form.submit.busyLabel { texts.append(("submit.busyLabel", "submit", busy)) }
        return texts
    }
}
