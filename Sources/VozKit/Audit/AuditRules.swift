/// Every rule `voz audit` runs, in the order the documentation lists them.
public enum AuditRules {
    /// The rules that read form files.
    public static let form: [any FormRule] = [
        MissingLabelRule(),
        LabelIsPlaceholderRule(),
        DuplicateLabelRule(),
        GenericLabelRule(),
        RequiredMarkerRule(),
        FormatInstructionRule(),
        ConstraintMessageRule(),
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

    /// What every rule is, form rules first.
    public static var all: [AuditRuleInfo] {
        form.map(\.info) + transcript.map(\.info)
    }
}
