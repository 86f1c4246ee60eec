/// A field with a format rule (pattern, length, range) must say it before the user answers: in its hint, or by
/// an example in its placeholder; a length or range limit should be stated with its number.
public struct FormatInstructionRule: FormRule {
    public let info = AuditRuleInfo(
        id: "format-instruction-missing", name: "FormatInstructionMissing", criterion: .labelsOrInstructions,
        severity: .serious, scope: .form)

    public init() {}

    public func check(_ document: FormDocument) -> RuleCheck {
        let constrained = document.form.fields.enumerated().filter { !$0.element.rules.isEmpty }
        guard !constrained.isEmpty else { return .inapplicable }
        var violations: [Finding] = []
        for (index, field) in constrained {
            let instruction = [field.hint, field.placeholder].compactMap { $0 }.joined(separator: " ")
            if AuditText.isBlank(instruction) {
                violations.append(
                    info.finding(
                        in: document, path: "fields[\(index)].rules", field: field.id,
                        arguments: ["field": field.id]))
                continue
            }
            let said = Set(AuditText.words(instruction))
            if let limit = Self.limits(of: field.rules).first(where: { !said.contains($0) }) {
                violations.append(
                    info.finding(
                        in: document, path: "fields[\(index)].hint", field: field.id, variant: "limit",
                        arguments: ["field": field.id, "limit": limit], severity: .moderate))
            }
        }
        return .checked(violations)
    }

    /// The numbers the user has to know: lengths and range ends.
    static func limits(of rules: FieldRules) -> [String] {
        let lengths = [rules.minLength, rules.maxLength].compactMap { $0 }.map(String.init)
        let range = [rules.min, rules.max].compactMap { $0 }.map(AuditText.number)
        return lengths + range
    }
}
