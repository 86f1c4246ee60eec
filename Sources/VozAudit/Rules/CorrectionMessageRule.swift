import VozForm

/// A `patternMessage` should say how to fix the value: an example, a range, the allowed characters or values.
/// "Formato no válido" names the error but not the correction.
package struct CorrectionMessageRule: FormRule {
    package let info = AuditRuleInfo(
        id: "error-message-no-correction", name: "ErrorMessageNoCorrection", criterion: .errorSuggestion,
        severity: .moderate, scope: .form)

    package init() {}

    /// Words that introduce an example, an instruction or the allowed values, in every language.
    static let correctionWords = AuditWords.phrases("audit.words.correction")
    private static let correctionPhrases = AuditText.Phrases(correctionWords)

    package func check(_ document: FormDocument) -> RuleCheck {
        let messaged = document.form.fields.enumerated().filter { !AuditText.isBlank($0.element.rules.patternMessage) }
        guard !messaged.isEmpty else { return .inapplicable }
        let violations = messaged.compactMap { index, field -> Finding? in
            guard let message = field.rules.patternMessage, !Self.givesCorrection(message) else { return nil }
            return info.finding(
                in: document, path: "fields[\(index)].rules.patternMessage", field: field.id,
                arguments: ["field": field.id, "message": message])
        }
        return .checked(violations)
    }

    /// A digit, a colon or quotes (an example or a list follows), or a correction word.
    static func givesCorrection(_ message: String) -> Bool {
        if message.contains(where: { $0.isNumber || ":\"'«“".contains($0) }) { return true }
        return AuditText.containsAnyPhrase(message, correctionPhrases)
    }
}
