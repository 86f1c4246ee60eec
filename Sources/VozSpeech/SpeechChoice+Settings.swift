import VozAnnouncer
import VozLocalization

extension SpeechChoice {
    /// As `voz --speech auto` chooses: the user's `VOZ_SPEECH`, `VOZ_VOICE` and `VOZ_RATE` and their config file
    /// first; with none of them set, text only when a screen reader speaks, speech-dispatcher when it answers, else
    /// eSpeak NG when a sound server answers, else text only with one line saying why.
    public static var automatic: SpeechChoice { settings(SpeechFlags()) }

    /// Speech from `flags` (a tool's own options, as `voz`'s `--speech`, `--voice` and `--rate`) over the user's
    /// environment and config file.
    public static func settings(_ flags: SpeechFlags) -> SpeechChoice {
        SpeechChoice { context throws(SpeechError) in
            let environment = context.environment
            let settings = try SpeechSettings.resolve(
                flags: flags, environment: environment,
                configPath: SpeechSettings.configPath(environment: environment))
            return try await SpeechSetup.open(
                settings, language: context.localizer.language, localizer: context.localizer,
                environment: environment)
        }
    }
}
