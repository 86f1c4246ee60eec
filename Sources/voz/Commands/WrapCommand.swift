import Foundation
import VozKit
import VozTranscript

#if canImport(Glibc)
    import Glibc
#endif

/// `voz wrap -- COMMAND`: runs any terminal program and says what its screen means (VozWrap): new lines once,
/// progress sparsely, spinners silent, the end line always; the program's exit status becomes voz's own.
enum WrapCommand: VozCommand {
    static let spec = CommandSpec(
        name: "wrap",
        summary:
            "Run any terminal program and hear what it shows: each new line once, progress now and then, the end"
            + " always.",
        usage:
            "wrap [--speech auto|speechd|espeak|none] [--progress-every S] [--answers FILE] [--transcript FILE]"
            + " [--record FILE.cast]"
            + " [--no-accessible-env] -- COMMAND [ARGS...]",
        options: [
            OptionSpec(
                name: "speech", valueName: "auto|speechd|espeak|none",
                help:
                    "How Voz speaks: through speech-dispatcher, through eSpeak NG, or not at all (lines only). Default"
                    + " auto: text only beside a screen reader, else speech-dispatcher, else eSpeak NG."),
            OptionSpec(
                name: "voice", valueName: "NAME|FILE",
                help: "The voice profile to speak with; with speechd, a speech-dispatcher module or voice."),
            OptionSpec(name: "rate", valueName: "WPM", help: "Speaking rate in words per minute, 80 to 900."),
            OptionSpec(
                name: "progress-every", valueName: "S",
                help: "Say a line rewritten in place (progress, a counter) at most every S seconds. Default 10."),
            OptionSpec(
                name: "answers", valueName: "FILE",
                help:
                    "Answer the program from FILE, one line each time it waits, instead of from the keyboard; at its"
                    + " end, the program gets the end of input."),
            OptionSpec(name: "transcript", valueName: "FILE", help: "Write what was said as JSON Lines."),
            OptionSpec(
                name: "record", valueName: "FILE.cast",
                help: "Record what the program showed, as voz record does; what you type is never recorded."),
            OptionSpec(
                name: "no-accessible-env", valueName: nil,
                help: "Do not set ACCESSIBLE=1 for the program (it asks programs for plain, accessible output)."),
        ],
        positionals: ["COMMAND"],
        repeatsLastPositional: true,
        requiredPositionals: 1,
        examples: [
            "voz wrap -- sudo apt install htop", "voz wrap --speech none -- make",
            "voz wrap --progress-every 30 --transcript pip.jsonl -- pip install requests",
            "voz wrap --answers answers.txt -- python3 setup.py",
            "voz wrap --record build.cast -- make",
        ]
    )

    static func run(_ arguments: ParsedArguments) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let language = Language.resolve(formLocale: nil, environment: environment)
        let localizer = Localizer(language: language)
        var options = WrapOptions(command: arguments.positionals, environment: environment)
        options.followPersonsTerminal()
        options.accessibleEnvironment = !arguments.flag("no-accessible-env")
        if let text = arguments.value("progress-every") {
            guard let seconds = Int(text), (1...3600).contains(seconds) else {
                Console.usage(.invalidValue(option: "progress-every", value: text, expected: .numberRange(1, 3600)))
                return ExitCode.usage
            }
            options.narrator.progressEvery = .seconds(seconds)
        }
        let input: TerminalLineSource
        do throws(TerminalLineSource.OpenFailure) {
            if let path = arguments.value("answers") {
                input = try TerminalLineSource.open(path: path)
            } else {
                try TerminalLineSource.checkStandardInput()
                input = TerminalLineSource.standardInput
            }
        } catch {
            Console.error(error.message(localizer))
            return ExitCode.usage
        }
        let announcer: Announcer
        do throws(SpeechError) {
            let settings = try SpeechOptions.settings(arguments, environment: environment)
            let transcript = try SpeechOptions.transcript(arguments)
            let output = try await SpeechSetup.open(
                settings, language: language, localizer: localizer, environment: environment)
            announcer = Announcer(engine: output.engine, lines: StandardOutputLines(), transcript: transcript)
            // Lines past what the voice can say in time are printed, not queued: the narrator keeps to its rate.
            if output.engine != nil { options.narrator.wordsPerMinute = output.voice?.rate ?? 400 }
            if let notice = output.notice { await announcer.announce(Announcement(notice)) }
        } catch {
            Console.error(error.message(localizer))
            return ExitCode.usage
        }
        if let path = arguments.value("record") {
            guard let recorder = openRecorder(path, options: options, localizer: localizer) else {
                return ExitCode.usage
            }
            options.recorder = recorder
        }
        let end: ProgramEnd
        do throws(WrapError) {
            end = try await WrapSession(options: options, announcer: announcer, localizer: localizer, input: input)
                .run()
            // A secret being read when the program ended: the person's terminal echoes again.
            TerminalModes.shared.restore()
        } catch {
            Console.error(message(error, localizer: localizer))
            return error.shellStatus
        }
        await announcer.drain()
        // The program's status stays wrap's own; a recording that could not be saved is said, not a status.
        if let recorder = options.recorder { save(recorder, end: end, localizer: localizer) }
        return end.shellStatus
    }

    /// Opens `--record`'s file before the program starts, so a file that cannot be written stops nothing midway.
    private static func openRecorder(_ path: String, options: WrapOptions, localizer: Localizer) -> WrapRecorder? {
        do {
            return try WrapRecorder(
                path: path, columns: options.size.columns, rows: options.size.rows,
                environment: options.programEnvironment)
        } catch {
            sayWriteFailure(error, path: path, localizer: localizer)
            return nil
        }
    }

    /// Puts the recording in place; on failure says why.
    private static func save(_ recorder: WrapRecorder, end: ProgramEnd, localizer: Localizer) {
        do {
            try recorder.finish(end)
        } catch {
            sayWriteFailure(error, path: recorder.path, localizer: localizer)
        }
    }

    private static func sayWriteFailure(_ error: any Error, path: String, localizer: Localizer) {
        let failure = localizer.text("record.error.write", ["file": path])
        guard let error = error as? PrivateFile.Failure else { return Console.error(failure) }
        OutputFile.say(error, path: path, localizer: localizer, failure: failure)
    }

    private static func message(_ error: WrapError, localizer: Localizer) -> String {
        switch error {
        case .notFound(let name): return localizer.text("wrap.error.notFound", ["command": name])
        case .cannotStart(let name, _, let code):
            return localizer.text(
                "record.error.start", ["command": name, "reason": String(cString: strerror(code))])
        }
    }
}
