import VozAudit

extension AuditRules {
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
}
