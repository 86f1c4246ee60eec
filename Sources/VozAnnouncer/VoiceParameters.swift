/// Which punctuation marks eSpeak NG reads aloud.
public enum Punctuation: String, Sendable, Equatable, Codable, CaseIterable {
    /// None: the marks are silent, as in ordinary reading.
    case none
    /// Those of eSpeak NG's punctuation list (`espeakPUNCT_SOME`).
    case some
    /// Every mark, by name.
    case all
}

/// How eSpeak NG marks a capital letter.
public enum Capitals: String, Sendable, Equatable, Codable, CaseIterable {
    /// No mark: a capital sounds like any letter.
    case none
    /// A short click before the letter.
    case sound
    /// Says "capital" before it.
    case spell
    /// Raises the pitch.
    case pitch
}

/// Everything eSpeak NG needs to speak in one voice: the resolved form of a profile and the user's settings.
public struct VoiceParameters: Sendable, Equatable {
    /// eSpeak NG's voice name, with `+variant` when a variant is used (`es+voz-es`).
    public var voice: String
    /// Words per minute; above 450 eSpeak NG speeds up with its sonic library.
    public var rate: Int
    /// Base pitch, 0…100 (50 is the voice's own).
    public var pitch: Int
    /// Pitch range, 0…100 (0 is monotone, 50 the voice's own).
    public var range: Int
    /// Volume, 0…200 (100 is normal).
    public var volume: Int
    /// Which punctuation marks are read aloud.
    public var punctuation: Punctuation
    /// How a capital letter is marked.
    public var capitals: Capitals
    /// Extra pause between words, in units of 10 ms at the default rate.
    public var wordGap: Int

    /// The parameters of `voice`, each other value eSpeak NG's default unless given.
    public init(
        voice: String, rate: Int = 175, pitch: Int = 50, range: Int = 50, volume: Int = 100,
        punctuation: Punctuation = .none, capitals: Capitals = .none, wordGap: Int = 0
    ) {
        self.voice = voice
        self.rate = rate
        self.pitch = pitch
        self.range = range
        self.volume = volume
        self.punctuation = punctuation
        self.capitals = capitals
        self.wordGap = wordGap
    }
}
