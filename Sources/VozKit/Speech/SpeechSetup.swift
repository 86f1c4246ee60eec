import Foundation

/// The speech a session or `voz say` gets from its settings: an engine with its sink, or text only.
public struct SpeechOutput: Sendable {
    /// The engine, or nil for text only.
    public var engine: (any SpeechEngine)?
    /// When `--speech auto` fell back to text: the one plain line that says so and why (already localized).
    /// Announce it politely so it is printed and recorded like every other message.
    public var notice: String?
    /// The voice in use, when there is an engine.
    public var voice: VoiceParameters?

    public init(engine: (any SpeechEngine)?, notice: String? = nil, voice: VoiceParameters? = nil) {
        self.engine = engine
        self.notice = notice
        self.voice = voice
    }
}

/// Turns resolved `SpeechSettings` into a `SpeechOutput`: finds the voice, prepares eSpeak NG's data folder,
/// opens the sink the mode asks for, and falls back to text when `auto` finds no device.
public enum SpeechSetup {
    /// Opens speech for `settings`.
    ///
    /// - Parameters:
    ///   - language: the session language; its profile is the default voice.
    ///   - executablePath: the running program, to find the voices Voz ships.
    ///   - wavFile: render every utterance to this one file instead of what the mode says (`voz say --wav`).
    /// - Throws: `SpeechError` for a voice that does not exist, `--speech espeak` with no device, an unwritable
    ///   WAV folder, or eSpeak NG missing when speech was asked for explicitly.
    public static func open(
        _ settings: SpeechSettings, language: Language, localizer: Localizer, environment: [String: String],
        executablePath: String, wavFile: String? = nil
    ) async throws(SpeechError) -> SpeechOutput {
        if settings.mode == .none, wavFile == nil { return SpeechOutput(engine: nil) }
        let automatic = settings.mode == .auto && wavFile == nil
        let catalog = try VoiceCatalog.load(
            shipped: VoiceCatalog.shippedDirectory(executablePath: executablePath),
            user: VoiceCatalog.userDirectory(environment: environment))
        let profile = try catalog.resolveProfile(settings, language: language)
        let parameters = (profile ?? .builtIn(voice: settings.voice ?? language.rawValue)).parameters(with: settings)
        var variants = catalog.variants
        if let profile, let variant = profile.variant, let file = profile.variantFile { variants[variant] = file }

        let library: EspeakLibrary
        let dataPath: String
        do throws(SpeechError) {
            guard let system = EspeakDataDirectory.systemPath(environment: environment) else {
                throw .engineUnavailable(detail: "eSpeak NG's data folder was not found")
            }
            dataPath = try EspeakDataDirectory.prepare(
                system: system, variants: variants, cacheRoot: EspeakDataDirectory.cacheRoot(environment: environment))
            library = try EspeakLibrary.shared(dataPath: dataPath)
        } catch {
            guard automatic else { throw error }
            return SpeechOutput(engine: nil, notice: localizer.text("speech.off.noEngine"))
        }

        let sink: any AudioSink
        if let wavFile {
            sink = try WavFileSink(.file(wavFile))
        } else if case .wav(let directory) = settings.mode {
            sink = try WavFileSink(.directory(directory))
        } else {
            do throws(SpeechError) {
                sink = try PulseAudioSink(sampleRate: library.sampleRate, environment: environment)
            } catch {
                guard automatic else { throw error }
                return SpeechOutput(engine: nil, notice: localizer.text("speech.off.noDevice"))
            }
        }
        do {
            let engine = try await EspeakEngine(parameters: parameters, sink: sink, dataPath: dataPath)
            return SpeechOutput(engine: engine, voice: parameters)
        } catch .unknownVoice(let value, _) {
            throw .unknownVoice(value: settings.voice ?? value, source: settings.source(of: "voice"))
        }
    }

    /// Voz's profiles and eSpeak NG's own voices, for `voz voices`.
    public static func listVoices(
        environment: [String: String], executablePath: String
    ) async throws(SpeechError) -> (profiles: [VoiceProfile], espeak: [EspeakVoice]) {
        let catalog = try VoiceCatalog.load(
            shipped: VoiceCatalog.shippedDirectory(executablePath: executablePath),
            user: VoiceCatalog.userDirectory(environment: environment))
        guard let system = EspeakDataDirectory.systemPath(environment: environment) else {
            throw .engineUnavailable(detail: "eSpeak NG's data folder was not found")
        }
        let dataPath = try EspeakDataDirectory.prepare(
            system: system, variants: catalog.variants,
            cacheRoot: EspeakDataDirectory.cacheRoot(environment: environment))
        let library = try EspeakLibrary.shared(dataPath: dataPath)
        return (catalog.profiles, await library.run { library.listVoices() })
    }
}
