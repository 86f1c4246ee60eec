/// A control announced as unavailable must say why, and ideally what to do ("…no está disponible mientras se
/// envía. Espera, o escribe :cancelar.").
public struct DisabledReasonRule: TranscriptRule {
    public let info = AuditRuleInfo(
        id: "disabled-without-reason", name: "DisabledWithoutReason", criterion: .nameRoleValue,
        severity: .serious, scope: .transcript)

    public init() {}

    static let disabledPhrases = [
        "no esta disponible", "no disponible", "desactivado", "desactivada", "deshabilitado", "deshabilitada",
        "not available", "unavailable", "disabled", "is inactive",
    ]
    static let reasonPhrases = [
        "mientras", "porque", "hasta", "cuando", "falta", "faltan", "primero", "antes", "ya que", "debido",
        "while", "because", "until", "when", "first", "before", "since", "missing", "due to", "after", "despues",
    ]

    private static let disabledList = AuditText.Phrases(disabledPhrases)
    private static let reasonList = AuditText.Phrases(reasonPhrases)

    public func check(_ transcript: Transcript) -> RuleCheck {
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
