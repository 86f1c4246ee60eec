import VozAudit
import VozLocalization

extension OpenAPIAudit {
    // MARK: - What the description lacks

    /// The part of an OpenAPI description that would have prevented a finding of rule `ruleID`, as the catalog key
    /// of a sentence (`openapi.lacks.title`), or nil when the finding is not about the description's words.
    static func lack(ofRule ruleID: String) -> String? {
        switch ruleID {
        case "format-instruction-missing", "constraint-message-missing", "hint-repeats-label":
            return "openapi.lacks.description"
        case "purpose-missing", "purpose-invalid": return "openapi.lacks.format"
        case "pattern-unchecked": return "openapi.lacks.ecmaPattern"
        case "choice-no-options": return "openapi.lacks.enum"
        case "option-duplicate-label": return "openapi.lacks.enumNames"
        case "submit-label-missing", "operation-summary-missing": return "openapi.lacks.summary"
        case "group-item-label-missing": return "openapi.lacks.itemTitle"
        case "branch-option-schema-name": return "openapi.lacks.title"
        // Its own sentence already says what to add: a title that says what to type, or a description.
        case "label-is-property-name": return nil
        default: return ruleID.hasPrefix("label-") ? "openapi.lacks.title" : nil
        }
    }

    /// What the description lacks for this very finding: a field whose hint is there but says too little (a limit
    /// it leaves out, only the label again) has a description, and only its first sentence becomes the hint.
    static func lack(of finding: Finding) -> String? {
        if finding.message.key == "audit.format-instruction-missing.limit" { return "openapi.lacks.firstSentenceLimit" }
        if finding.ruleID == "hint-repeats-label" { return "openapi.lacks.firstSentence" }
        // JSON Schema has a format for an e-mail address and a web address only: for any other purpose
        // (additional-name, street-address) the property's name or title is what Voz guesses it from.
        if finding.ruleID == "purpose-missing", let token = finding.message.arguments["token"],
            !formatPurposes.contains(token)
        {
            return "openapi.lacks.purposeName"
        }
        return lack(ofRule: finding.ruleID)
    }

    /// The autofill tokens a JSON Schema `format` gives (`email`, `uri`), the only ones a format can fix.
    static let formatPurposes: Set<String> = ["email", "url"]

    /// `finding` said of the operation `operation`, followed by what the description lacks when that is known.
    static func advise(_ finding: Finding, operation: String, _ localizer: Localizer) -> Finding {
        var finding = finding
        var arguments = ["operation": operation, "finding": finding.messageText(localizer)]
        var key = "audit.openapi.finding"
        if let lack = lack(of: finding) {
            arguments["lack"] = localizer.text(lack)
            key = "audit.openapi.lacking"
        }
        finding.message = AuditMessage(key: key, arguments: arguments)
        return finding
    }
}
