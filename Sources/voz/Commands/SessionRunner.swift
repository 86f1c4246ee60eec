import Foundation
import VozKit

#if canImport(Glibc)
    import Glibc
#endif

/// Wires a session from the command line: the form, speech, transcript, technical log, input, drafts and
/// signals; runs it; and turns its end into an exit code. Shared by `voz run` and `voz demo`.
struct SessionRunner {
    let arguments: ParsedArguments
    let environment = ProcessInfo.processInfo.environment
    /// How submissions travel: libcurl for any form, the loopback transport for `voz demo`'s own service.
    var transport: any Transport = CurlTransport()
    /// What is said before the form, in the session's language: `voz demo` names the known address and coupon.
    var preamble: (@Sendable (Localizer) -> String)?

    /// Why the session could not start; one sentence, exit code 2.
    struct SetupError: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `form` (already loaded, its `submit.url` final) to its end.
    func run(_ form: Form) async -> Int32 {
        let language = Language.resolve(formLocale: form.locale, environment: environment)
        let localizer = Localizer(language: language, overrides: form.messages)
        do {
            let session = try await makeSession(form, localizer: localizer)
            let watcher = SignalWatcher { session.interrupt() }
            let result = await session.run()
            watcher.cancel(ignoringLater: true)
            TerminalModes.shared.restore()
            switch result {
            case .completed: return ExitCode.success
            case .notCompleted: return ExitCode.failure
            case .interrupted: return ExitCode.interrupted
            }
        } catch {
            Console.error(error.description)
            return ExitCode.usage
        }
    }

    // MARK: - Wiring

    private func makeSession(_ form: Form, localizer: Localizer) async throws(SetupError) -> Session {
        if let violation = TransportPolicy.check(
            form, url: form.submit.url, allowInsecure: arguments.flag("allow-insecure"))
        {
            throw SetupError(description: violation.message(localizer))
        }
        let presets = try presetAnswers(form)
        let input = try lineSource()
        let announcer = try await makeAnnouncer(localizer: localizer)
        let log = try technicalLog(localizer: localizer)
        let paths = StatePaths(environment: environment)
        let options = SessionOptions(
            presetAnswers: presets,
            drafts: arguments.flag("no-draft") ? nil : DraftStore(folder: paths.drafts),
            interactive: input.isTerminal && arguments.value("answers") == nil)
        return Session(
            form: form, localizer: localizer, input: input, announcer: announcer, transport: transport,
            log: log, options: options)
    }

    private func makeAnnouncer(localizer: Localizer) async throws(SetupError) -> Announcer {
        do throws(SpeechError) {
            let settings = try SpeechSettings.resolve(
                flags: SpeechFlags(
                    speech: arguments.value("speech"), voice: arguments.value("voice"), rate: arguments.value("rate")),
                environment: environment, configPath: SpeechSettings.configPath(environment: environment))
            let output = try await SpeechSetup.open(
                settings, language: localizer.language, localizer: localizer, environment: environment)
            let transcript = try arguments.value("transcript").map { path throws(SpeechError) in
                try TranscriptWriter(path: path)
            }
            let announcer = Announcer(engine: output.engine, lines: StandardOutputLines(), transcript: transcript)
            if let notice = output.notice { await announcer.announce(Announcement(notice)) }
            if let preamble { await announcer.announce(Announcement(preamble(localizer))) }
            return announcer
        } catch {
            throw SetupError(description: error.message(localizer))
        }
    }

    private func technicalLog(localizer: Localizer) throws(SetupError) -> (any TechnicalLogging)? {
        do throws(TechnicalLogError) {
            return try FileTechnicalLog(path: arguments.value("log"), environment: environment)
        } catch {
            // The default log is a convenience; only a log the user asked for is worth stopping for.
            if arguments.value("log") != nil { throw SetupError(description: error.message(localizer)) }
            return nil
        }
    }

    private func lineSource() throws(SetupError) -> TerminalLineSource {
        guard let path = arguments.value("answers") else { return TerminalLineSource(descriptor: STDIN_FILENO) }
        do throws(TerminalLineSource.OpenFailure) {
            return try TerminalLineSource.open(path: path)
        } catch {
            throw SetupError(description: error.description)
        }
    }

    /// `--set id=value`, checked against the form's field ids.
    private func presetAnswers(_ form: Form) throws(SetupError) -> [String: String] {
        var answers: [String: String] = [:]
        for pair in arguments.values("set") {
            guard let equals = pair.firstIndex(of: "=") else {
                throw SetupError(
                    description: UsageError.invalidValue(option: "set", value: pair, expected: .shape("ID=VALUE"))
                        .message(Console.localizer))
            }
            let id = String(pair[..<equals])
            guard form.field(id: id) != nil else {
                let ids = form.fields.map(\.id).joined(separator: ", ")
                throw SetupError(description: "The form has no field \(id) for --set; its fields are \(ids).")
            }
            answers[id] = String(pair[pair.index(after: equals)...])
        }
        return answers
    }
}
