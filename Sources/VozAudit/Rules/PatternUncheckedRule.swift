import VozForm

/// A field whose server checks a pattern Voz cannot check the same way (`rules.serverPattern`, written by
/// `voz form` when an ECMA-262 pattern has no exact translation): the user learns of a wrong value only after
/// sending, and from the server's words.
package struct PatternUncheckedRule: FormRule {
    package let info = AuditRuleInfo(
        id: "pattern-unchecked", name: "PatternUnchecked", criterion: .errorIdentification, severity: .moderate,
        scope: .form)

    package init() {}

    package func check(_ document: FormDocument) -> RuleCheck {
        let patterned = document.form.fields.enumerated().filter {
            $0.element.rules.serverPattern != nil || $0.element.rules.pattern != nil
        }
        guard !patterned.isEmpty else { return .inapplicable }
        return .checked(
            patterned.filter { $0.element.rules.pattern == nil }.map { index, field in
                info.finding(
                    in: document, path: "fields[\(index)].rules.serverPattern", field: field.id,
                    arguments: ["field": field.id])
            })
    }
}
