import Foundation
import VozAnnouncer

/// What the user asked of speech, before a voice profile fills in the rest.
///
/// Each field is resolved in order: the command-line flag, then the environment (`VOZ_SPEECH`, `VOZ_VOICE`,
/// `VOZ_RATE`), then `$XDG_CONFIG_HOME/voz/config.json`; a field left nil takes the voice profile's default.
public struct SpeechSettings: Sendable, Equatable {
    /// Which speech to use: `auto` unless the user chose.
    public var mode: SpeechMode
    /// A Voz profile name, a profile file, or an eSpeak NG voice name; nil means the session language's profile.
    public var voice: String?
    /// Rate, pitch, range, volume, punctuation and capitals as the user set them, over the profile's.
    public var overrides: VoiceParameters.Overrides
    /// Where each setting came from (`--voice`, `VOZ_RATE`, the config file's path and line), for error messages.
    public var sources: [String: String]

    /// Settings with these values; `resolve` reads them from flags, environment and config file.
    public init(
        mode: SpeechMode = .auto, voice: String? = nil, overrides: VoiceParameters.Overrides = .init(),
        sources: [String: String] = [:]
    ) {
        self.mode = mode
        self.voice = voice
        self.overrides = overrides
        self.sources = sources
    }

    /// Where the setting `name` came from, for messages ("--rate", "VOZ_RATE", a file path).
    public func source(of name: String) -> String { sources[name] ?? name }
}

/// The speech flags of one command line, as typed (validated by `SpeechSettings.resolve`).
public struct SpeechFlags: Sendable, Equatable {
    /// `--speech`'s value, or nil when not given.
    public var speech: String?
    /// `--voice`'s value, or nil when not given.
    public var voice: String?
    /// `--rate`'s value, or nil when not given.
    public var rate: String?

    /// The flags as typed, nil for each one not given.
    public init(speech: String? = nil, voice: String? = nil, rate: String? = nil) {
        self.speech = speech
        self.voice = voice
        self.rate = rate
    }
}
