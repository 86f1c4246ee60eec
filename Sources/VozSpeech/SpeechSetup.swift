import Foundation
import VozAnnouncer
import VozLocalization

/// Turns resolved `SpeechSettings` into a `SpeechOutput`: finds the voice, prepares eSpeak NG's data folder,
/// opens the sink the mode asks for, and, for `auto`, decides from what is running:
///
/// | what is running                                 | auto chooses          |
/// | ----------------------------------------------- | --------------------- |
/// | a screen reader that reads the terminal         | text only             |
/// | BRLTTY alone                                    | speech, as below      |
/// | no screen reader, speech-dispatcher answering   | speech-dispatcher     |
/// | neither, a sound server answering               | eSpeak NG in-process  |
/// | nothing                                         | text only             |
///
/// Whatever `auto` chooses, it says so once, in one line that says how to change it.
public enum SpeechSetup {
    /// Opens speech for `settings`.
    ///
    /// - Parameters:
    ///   - language: the session language; its profile is the default voice.
    ///   - wavFile: render every utterance to this one file instead of what the mode says (`voz say --wav`).
    ///   - roots: where `auto` looks for screen readers (tests pass folders they fill).
    /// - Throws: `SpeechError` for a voice that does not exist, `--speech espeak` with no device, `--speech speechd`
    ///   with no speech-dispatcher, an unwritable WAV folder, or eSpeak NG missing when speech was asked for
    ///   explicitly.
    public static func open(
        _ settings: SpeechSettings, language: Language, localizer: Localizer, environment: [String: String],
        wavFile: String? = nil, roots: ScreenReaderDetector.Roots = .system
    ) async throws(SpeechError) -> SpeechOutput {
        if settings.mode == .none, wavFile == nil { return SpeechOutput(engine: nil) }
        let automatic = settings.mode == .auto && wavFile == nil
        let catalog = try VoiceCatalog.load(user: VoiceCatalog.userDirectory(environment: environment))
        let profile = try catalog.resolveProfile(settings, language: language)
        let speechd = SpeechdEngine.Settings(
            language: language.rawValue, rate: settings.overrides.rate,
            // A Voz profile is eSpeak NG's; speech-dispatcher keeps the user's own voice unless --voice names one.
            voice: profile == nil ? settings.voice : nil, voiceSource: settings.source(of: "voice"))
        let lost = localizer.text("speech.off.speechdLost")
        if settings.mode == .speechd, wavFile == nil {
            let engine = try await SpeechdEngine(
                settings: speechd, environment: environment, autospawn: true, lostNotice: lost)
            return SpeechOutput(engine: engine)
        }
        if automatic {
            if let reader = ScreenReaderDetector(roots: roots, environment: environment).detect().speaking {
                var output = SpeechOutput(
                    engine: nil, notice: localizer.text("speech.off.screenReader", ["reader": reader.displayName]))
                output.leftToScreenReader = true
                return output
            }
            if let engine = try? await SpeechdEngine(
                settings: speechd, environment: environment, autospawn: false, lostNotice: lost)
            {
                return SpeechOutput(engine: engine, notice: localizer.text("speech.on.speechd"))
            }
        }
        let parameters = (profile ?? .builtIn(voice: settings.voice ?? language.rawValue)).parameters(with: settings)
        var variants = catalog.variants
        if let profile, let variant = profile.variant, let text = profile.variantText { variants[variant] = text }

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
            // Each other language's own profile, at the user's rate and pitch, for a form's words in it.
            var voices: [String: VoiceParameters] = [:]
            for other in Language.allCases where other != language {
                let profile = catalog.profile(named: other.rawValue) ?? .builtIn(voice: other.rawValue)
                voices[other.rawValue] = profile.parameters(with: settings)
            }
            let engine = try await EspeakEngine(
                parameters: parameters, sink: sink, dataPath: dataPath, languageVoices: voices)
            return SpeechOutput(
                engine: engine, notice: automatic ? localizer.text("speech.on.espeak") : nil, voice: parameters)
        } catch .unknownVoice(let value, _) {
            throw .unknownVoice(value: settings.voice ?? value, source: settings.source(of: "voice"))
        }
    }

    /// Voz's profiles and eSpeak NG's own voices, for `voz voices`.
    public static func listVoices(
        environment: [String: String]
    ) async throws(SpeechError) -> (profiles: [VoiceProfile], espeak: [EspeakVoice]) {
        let catalog = try VoiceCatalog.load(user: VoiceCatalog.userDirectory(environment: environment))
        guard let system = EspeakDataDirectory.systemPath(environment: environment) else {
            throw .engineUnavailable(detail: "eSpeak NG's data folder was not found")
        }
        let dataPath = try EspeakDataDirectory.prepare(
            system: system, variants: catalog.variants,
            cacheRoot: EspeakDataDirectory.cacheRoot(environment: environment))
        let library = try EspeakLibrary.shared(dataPath: dataPath)
        return (catalog.profiles, await library.run { library.listVoices() })
    }

    /// speech-dispatcher's output modules when one answers (never starting it), for `voz voices`; nil when none
    /// does.
    public static func speechdModules(environment: [String: String]) async -> [String]? {
        guard
            let engine = try? await SpeechdEngine(
                settings: SpeechdEngine.Settings(language: Language.en.rawValue), environment: environment,
                autospawn: false, lostNotice: "")
        else { return nil }
        return await engine.outputModules()
    }
}
