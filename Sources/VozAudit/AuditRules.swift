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

    /// The rules that read terminal recordings (`voz audit --recording`), in the order of docs/audit-rules.md.
    public static let recording: [any RecordingRule] = [
        RedrawInPlaceRule(),
        SpinnerFramesRule(),
        AutoUpdateRule(),
        StatusLinePinnedRule(),
        CursorHiddenRule(),
        FocusNotAtCursorRule(),
        ArrowKeyChoiceRule(),
        InstructionsMissingRule(),
        StateByAttributeRule(),
        ScreenSymbolRule(),
        DecorativeGlyphRunRule(),
        TableAsArtRule(),
        FullscreenLayoutRule(),
        ScreenClearedRule(),
        ColorOnlyMeaningRule(),
        NoColorIgnoredRule(),
        ErrorNotIdentifiedRule(),
        ErrorNoSuggestionRule(),
        PromptNoLabelRule(),
        InputTimeoutRule(),
        SecretEchoedRule(),
        LineTooLongRule(),
        CompletionNotAnnouncedRule(),
        BlinkOrFlashRule(),
        ReplayLimitedRule(),
    ]

    /// What every rule is, form rules first, then transcript rules, then recording rules. An id checked in more
    /// than one kind of file (`symbol-unreadable`) is one rule, with one criterion and one set of sentences: it
    /// is listed once.
    public static var all: [AuditRuleInfo] {
        unique(form.map(\.info) + transcript.map(\.info) + recording.map(\.info))
    }

    /// The rules with each id once, the first kept.
    package static func unique(_ rules: [AuditRuleInfo]) -> [AuditRuleInfo] {
        var seen: Set<String> = []
        return rules.filter { seen.insert($0.id).inserted }
    }
}
