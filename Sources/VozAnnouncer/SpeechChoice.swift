import VozLocalization

/// The speech a session gets: an engine, or text only, and the one line that says which when it was chosen for
/// the user.
public struct SpeechOutput: Sendable {
    /// The engine, or nil for text only.
    public var engine: (any SpeechEngine)?
    /// When speech was chosen for the user (`--speech auto`), the one plain line that says what was chosen and how
    /// to change it (already localized). Announce it politely, so it is printed and recorded like every message.
    public var notice: String?
    /// The voice in use, when there is an engine.
    public var voice: VoiceParameters?
    /// Whether text only was chosen because a screen reader speaks the printed lines: silence on purpose, not a
    /// failure to speak.
    public var leftToScreenReader = false

    /// Speech through `engine` (nil for text only) in `voice`, with the notice to say first if any.
    public init(engine: (any SpeechEngine)?, notice: String? = nil, voice: VoiceParameters? = nil) {
        self.engine = engine
        self.notice = notice
        self.voice = voice
    }
}

/// What a session should speak with, decided when it starts: text only, a given engine, or (with VozSpeech) the
/// engine the user's settings and machine call for.
///
/// A choice is a recipe rather than an engine, so it can be made before the session's language is known and
/// opened once it is: the voice follows the language.
public struct SpeechChoice: Sendable {
    /// What a choice is opened with.
    public struct Context: Sendable {
        /// The session's language and the tool the sentences name.
        public var localizer: Localizer
        /// The environment the settings are read from (`VOZ_SPEECH`, `VOZ_VOICE`, `VOZ_RATE`, `XDG_CONFIG_HOME`).
        public var environment: [String: String]

        /// The context of a session in `localizer`'s language, reading settings from `environment`.
        public init(localizer: Localizer, environment: [String: String]) {
            self.localizer = localizer
            self.environment = environment
        }
    }

    private let opener: @Sendable (Context) async throws(SpeechError) -> SpeechOutput

    /// A choice opened by `opener`, which may refuse with a `SpeechError` the session setup reports.
    public init(_ opener: @escaping @Sendable (Context) async throws(SpeechError) -> SpeechOutput) {
        self.opener = opener
    }

    /// The engine (or none) for a session in `context`'s language.
    public func open(_ context: Context) async throws(SpeechError) -> SpeechOutput {
        try await opener(context)
    }

    /// Every message printed as a line and nothing spoken: for people whose screen reader already speaks.
    public static let textOnly = SpeechChoice { _ in SpeechOutput(engine: nil) }

    /// Always this engine, whatever the settings: a test's recorder, or an engine the tool made itself.
    public static func engine(_ engine: any SpeechEngine) -> SpeechChoice {
        SpeechChoice { _ in SpeechOutput(engine: engine) }
    }
}
