import Foundation
import VozKit
import VozTranscript

/// `voz say TEXT`: speak or render one line.
enum SayCommand: VozCommand {
    static let spec = CommandSpec(
        name: "say",
        summary: "Speak one line, or render it to a WAV file.",
        usage: "say TEXT [--voice NAME] [--rate WPM] [--wav FILE]",
        options: [
            OptionSpec(
                name: "voice", valueName: "NAME|FILE",
                help: "The voice profile to speak with; with speechd, a speech-dispatcher module or voice."),
            OptionSpec(name: "rate", valueName: "WPM", help: "Speaking rate in words per minute."),
            OptionSpec(
                name: "wav", valueName: "FILE", help: "Write the speech to this WAV file instead of playing it."),
            OptionSpec(
                name: "speech", valueName: "auto|espeak|speechd|none",
                help: "How to speak: eSpeak NG, speech-dispatcher, or not at all. Default auto."),
            OptionSpec(name: "transcript", valueName: "FILE", help: "Write the announcement as JSON Lines."),
        ],
        positionals: ["TEXT"],
        requiredPositionals: 1,
        examples: [
            "voz say \"Hola, esto es Voz.\"", "voz say --rate 400 \"Form sent.\"",
            "voz say --wav hello.wav \"Hello\"",
        ]
    )

    static func run(_ arguments: ParsedArguments) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let language = Language.resolve(formLocale: nil, environment: environment)
        let localizer = Localizer(language: language)
        let text = arguments.positionals.joined(separator: " ")
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            Console.error(localizer.text("usage.sayEmpty"))
            return ExitCode.usage
        }
        do throws(SpeechError) {
            let settings = try SpeechOptions.settings(arguments, environment: environment)
            let transcript = try SpeechOptions.transcript(arguments)
            let output = try await SpeechSetup.open(
                settings, language: language, localizer: localizer, environment: environment,
                wavFile: arguments.value("wav"))
            let announcer = Announcer(engine: output.engine, lines: StandardOutputLines(), transcript: transcript)
            // Printed, not spoken: said aloud, the notice came before the one line asked for on every call (8.6 s
            // against 2.7 s for a short line), and it is not part of what `voz say` was asked to say.
            if let notice = output.notice { Console.error(notice) }
            await announcer.announce(Announcement(text))
            await announcer.drain()
            // Printed but not spoken when speech was wanted (no engine, or an utterance cut off): a script that asked
            // for speech learns it did not happen. `--speech none` asked for text alone, and got it; beside a screen
            // reader the printed line is what is heard.
            let outcomes = await announcer.outcomes()
            let spoken = output.engine != nil && !outcomes.contains { $0.interrupted }
            let silentOnPurpose = settings.mode == .none || output.leftToScreenReader
            return spoken || silentOnPurpose ? ExitCode.success : ExitCode.failure
        } catch {
            Console.error(error.message(localizer))
            return ExitCode.usage
        }
    }
}
