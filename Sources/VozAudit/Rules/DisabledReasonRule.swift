/// A control announced as unavailable must say why, and ideally what to do ("…no está disponible mientras se
/// envía. Espera, o escribe :cancelar.").
package struct DisabledReasonRule: TranscriptRule {
    package let info = AuditRuleInfo(
        id: "disabled-without-reason", name: "DisabledWithoutReason", criterion: .nameRoleValue,
        severity: .serious, scope: .transcript)

    package init() {}

    /// "no disponible", "unavailable", "indisponible", "nicht verfügbar"… in every language.
    static let disabledPhrases = AuditWords.phrases("audit.words.unavailable")
    /// Words that give a reason: "mientras", "while", "pendant", "während"…
    static let reasonPhrases = AuditWords.phrases("audit.words.reason")

    private static let disabledList = AuditText.Phrases(disabledPhrases)
    private static let reasonList = AuditText.Phrases(reasonPhrases)

    package func check(_ transcript: Transcript) -> RuleCheck {
        // A session says the same lines again and again (every prompt, every "Enviando"): each distinct line is
        // normalized and judged once.
        var saysDisabled = LineMemo<Bool>()
        let disabled = transcript.spokenEvents.filter { index in
            saysDisabled.verdict(on: transcript.events[index].text ?? "") {
                AuditText.containsAnyPhrase($0, Self.disabledList)
            }
        }
        guard !disabled.isEmpty else { return .inapplicable }
        let violations = disabled.compactMap { index -> Finding? in
            let text = transcript.events[index].text ?? ""
            guard !AuditText.containsAnyPhrase(text, Self.reasonList) else { return nil }
            return info.finding(in: transcript, event: index, arguments: ["text": text])
        }
        return .checked(violations)
    }
}
