/// A secret's value must never be recorded: every input at a secret field is recorded as hidden.
///
/// No WCAG criterion covers this; it is a best practice (a transcript is shared with auditors).
public struct SecretValueRule: TranscriptRule {
    public let info = AuditRuleInfo(
        id: "secret-value-present", name: "SecretValuePresent", criterion: nil, severity: .critical,
        scope: .transcript)

    public init() {}

    /// Words in a field id that mark it secret when no form says so.
    static let secretWords: Set<String> = [
        "password", "contrasena", "clave", "pin", "secret", "secreto", "token", "otp", "passcode", "cvv", "csc",
    ]

    public func check(_ transcript: Transcript) -> RuleCheck {
        let known = transcript.secretFields
        let secretInputs = transcript.events.indices.filter { index in
            let event = transcript.events[index]
            guard event.kind == .input, let field = event.focus else { return false }
            return known.contains(field) || AuditText.identifierWords(field).contains(where: Self.secretWords.contains)
        }
        guard !secretInputs.isEmpty else { return .inapplicable }
        let violations = secretInputs.compactMap { index -> Finding? in
            let event = transcript.events[index]
            let textHidden = event.text == nil || event.text == "" || event.text == "hidden"
            guard event.detail != "hidden" || !textHidden else { return nil }
            return info.finding(in: transcript, event: index, arguments: ["field": event.focus ?? ""])
        }
        return .checked(violations)
    }
}
