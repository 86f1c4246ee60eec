/// A secret's value must never be recorded: every input at a secret field is recorded as hidden.
///
/// No WCAG criterion covers this; it is a best practice (a transcript is shared with auditors).
package struct SecretValueRule: TranscriptRule {
    package let info = AuditRuleInfo(
        id: "secret-value-present", name: "SecretValuePresent", criterion: nil, severity: .critical,
        scope: .transcript)

    package init() {}

    /// Words in a field id that mark it secret when no form says so.
    static let secretWords: Set<String> = [
        "password", "contrasena", "clave", "pin", "secret", "secreto", "token", "otp", "passcode", "cvv", "csc",
    ]

    package func check(_ transcript: Transcript) -> RuleCheck {
        var secret = transcript.secretFields.reduce(into: [String: Bool]()) { $0[$1] = true }
        let secretInputs = transcript.events.indices.filter { index in
            guard transcript.events[index].kind == .input, let field = transcript.events[index].focus else {
                return false
            }
            // The same few fields take every input: each id's words are looked at once.
            if let known = secret[field] { return known }
            let verdict = AuditText.identifierWords(field).contains(where: Self.secretWords.contains)
            secret[field] = verdict
            return verdict
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
