/// Every rule `voz audit` runs, in the order the documentation lists them.
public enum AuditRules {
    /// The rules that read form files.
    public static let form: [any FormRule] = [
        MissingLabelRule(),
        LabelIsPlaceholderRule(),
        DuplicateLabelRule(),
        GenericLabelRule(),
        LabelIsPropertyNameRule(),
        RequiredMarkerRule(),
        FormatInstructionRule(),
        ConstraintMessageRule(),
        PatternUncheckedRule(),
        CorrectionMessageRule(),
        PurposeMissingRule(),
        PurposeInvalidRule(),
        ChoiceOptionsRule(),
        OptionLabelRule(),
        BranchOptionNameRule(),
        GroupItemLabelRule(),
        ListEndInstructionRule(),
        SubmitLabelRule(),
        BusyLabelRule(),
        ReviewStepRule(),
        HintRepeatsLabelRule(),
        UnreadableSymbolRule(),
    ]

    /// The rules that read session transcripts.
    public static let transcript: [any TranscriptRule] = [
        BusyAnnouncedRule(),
        BusyEndedRule(),
        OutcomeAnnouncedRule(),
        DisabledReasonRule(),
        FocusAfterFailureRule(),
        ErrorCountRule(),
        TechnicalTextRule(),
        RetryAfterPermanentRule(),
        RetryAfterTransientRule(),
        SecretValueRule(),
    ]

    /// The rules with each id once, the first kept.
    package static func unique(_ rules: [AuditRuleInfo]) -> [AuditRuleInfo] {
        var seen: Set<String> = []
        return rules.filter { seen.insert($0.id).inserted }
    }
}
