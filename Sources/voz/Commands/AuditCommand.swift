import Foundation
import VozKit

/// `voz audit`: WCAG-mapped checks of form files and session transcripts.
enum AuditCommand: VozCommand {
    static let spec = CommandSpec(
        name: "audit",
        summary: "Check form files, session transcripts and terminal recordings against accessibility rules.",
        usage:
            "audit [FORM...] [--transcript FILE] [--recording FILE.cast] [--form FORM] [--format text|json|sarif] "
            + "[--fail-on LEVEL] | audit --openapi SPEC [--operation ID] [--format text|json|sarif] [--fail-on LEVEL] "
            + "| audit --keys SCRIPT [--no-color-check] [-o FILE.cast] -- COMMAND [ARGS...] "
            + "| audit --listen FILE.cast [--rate WPM] [--format text|json]",
        options: [
            OptionSpec(
                name: "openapi", valueName: "SPEC",
                help: "Audit the forms of an OpenAPI description (a file or an http(s) address), at its lines."),
            OptionSpec(
                name: "operation", valueName: "ID",
                help: "With --openapi: only this operation (an operationId, or a method and path)."),
            OptionSpec(
                name: "allow-insecure", valueName: nil,
                help:
                    "With --openapi: read SPEC over plain HTTP from another machine, which anyone on the way can change."
            ),
            OptionSpec(name: "transcript", valueName: "FILE", repeatable: true, help: "A session transcript to check."),
            OptionSpec(
                name: "recording", valueName: "FILE.cast", repeatable: true,
                help: "A terminal recording (voz record or asciinema) to check."),
            OptionSpec(
                name: "listen", valueName: "FILE.cast", repeatable: true,
                help:
                    "Compare what a screen reader reading every changed row says of a recording with what voz wrap says, "
                    + "and check that wrap loses nothing."),
            OptionSpec(
                name: "rate", valueName: "WPM",
                help: "With --listen: the speaking rate the seconds are counted at. Default 400."),
            OptionSpec(
                name: "form", valueName: "FORM",
                help: "The form the transcripts come from, for field order and secret fields. Default: the only FORM."),
            OptionSpec(name: "format", valueName: "text|json|sarif", help: "The report format. Default text."),
            OptionSpec(
                name: "fail-on", valueName: "LEVEL",
                help: "critical, serious, moderate or minor: the lowest severity that fails. Default serious."),
            OptionSpec(
                name: "no-color-check",
                help: "With --keys: record a second run with NO_COLOR=1 and check that it prints no colour."),
            OptionSpec(
                name: "output", valueName: "FILE.cast",
                help:
                    "With --keys: save the recording (and the NO_COLOR run as FILE.no-color.cast) for the findings' lines.",
                short: "o"),
        ] + RecordingOptions.specs,
        positionals: ["FORM"],
        repeatsLastPositional: true,
        requiredPositionals: 0
    )

    static func run(_ arguments: ParsedArguments) async -> Int32 {
        let localizer = Localizer(
            language: Language.resolve(formLocale: nil, environment: ProcessInfo.processInfo.environment))
        let format = arguments.value("format") ?? "text"
        guard ["text", "json", "sarif"].contains(format) else {
            return usage(.invalidValue(option: "format", value: format, expected: .oneOf(["text", "json", "sarif"])))
        }
        let failOnName = arguments.value("fail-on") ?? "serious"
        guard let failOn = AuditSeverity(rawValue: failOnName) else {
            return usage(
                .invalidValue(
                    option: "fail-on", value: failOnName,
                    expected: .oneOf(["critical", "serious", "moderate", "minor"])))
        }
        let listened = arguments.values("listen")
        if !listened.isEmpty { return listen(listened, arguments, format: format, localizer: localizer) }
        if let spec = arguments.value("openapi") {
            return await auditOpenAPI(spec, arguments, format: format, failOn: failOn, localizer: localizer)
        }
        let transcriptPaths = arguments.values("transcript")
        let recordingPaths = arguments.values("recording")
        guard !arguments.positionals.isEmpty || !transcriptPaths.isEmpty || !recordingPaths.isEmpty else {
            Console.error(localizer.text("audit.error.nothingToAudit"))
            return ExitCode.usage
        }
        var timelines: [ScreenTimeline] = []
        for (index, path) in recordingPaths.enumerated() {
            do {
                let recording = try CastRecording.load(path: path)
                // The rules' words are read from every catalog while the recordings replay, on one core.
                if index == 0 { Auditor.prepareWords() }
                timelines.append(ScreenReplay.replay(recording))
            } catch {
                Console.error(error.message(localizer))
                return ExitCode.usage
            }
        }
        // `--keys`: the positionals are the command to record, not forms.
        let formPaths = arguments.value("keys") == nil ? arguments.positionals : []
        if arguments.value("keys") != nil {
            guard let recorded = recordAndReplay(arguments, localizer: localizer) else { return ExitCode.usage }
            timelines.append(recorded)
        }
        // A transcript or a recording given where a form goes would fail as "not valid JSON" at its second line.
        for path in formPaths {
            let option = path.hasSuffix(".jsonl") ? "--transcript" : path.hasSuffix(".cast") ? "--recording" : nil
            if let option {
                Console.error(localizer.text("audit.cli.notAForm", ["file": path, "option": option]))
                return ExitCode.usage
            }
        }
        do {
            let forms = try formPaths.map { path throws(FormFileError) in
                try FormFile.load(path: path, forAudit: true)
            }
            var context: FormDocument?
            if let path = arguments.value("form") { context = try FormFile.load(path: path, forAudit: true) }
            let sessionForm = context?.form ?? (forms.count == 1 ? forms[0].form : nil)
            var transcripts: [Transcript] = []
            for path in transcriptPaths {
                do {
                    transcripts.append(try Transcript.load(path: path, form: sessionForm))
                } catch {
                    Console.error(error.message(localizer))
                    return ExitCode.usage
                }
            }
            // A recording-only audit reports on the recording rules alone, not on form rules with nothing to read.
            let recordingsOnly = forms.isEmpty && transcripts.isEmpty
            let result = Auditor.audit(
                forms: forms, transcripts: transcripts, recordings: timelines,
                formRules: recordingsOnly ? [] : AuditRules.form,
                transcriptRules: recordingsOnly ? [] : AuditRules.transcript,
                recordingRules: timelines.isEmpty ? [] : AuditRules.recording)
            Console.out(render(result, format: format, failOn: failOn, localizer: localizer))
            return result.fails(atOrAbove: failOn) ? ExitCode.failure : ExitCode.success
        } catch {
            Console.error(error)
            return ExitCode.usage
        }
    }

    // MARK: - OpenAPI

    /// `--openapi SPEC [--operation ID]`: the description's forms, with findings at its lines.
    private static func auditOpenAPI(
        _ spec: String, _ arguments: ParsedArguments, format: String, failOn: AuditSeverity, localizer: Localizer
    ) async -> Int32 {
        guard arguments.positionals.isEmpty, arguments.values("transcript").isEmpty,
            arguments.values("recording").isEmpty, arguments.value("keys") == nil
        else {
            Console.error(localizer.text("openapi.error.auditAlone"))
            return ExitCode.usage
        }
        do throws(SpecError) {
            let document = try await SpecDocument.load(
                spec, loader: CurlSpecLoader(allowInsecure: arguments.flag("allow-insecure")),
                reaching: arguments.value("operation").map(SpecReach.operation) ?? .operations)
            let result = try OpenAPIAudit.audit(document, operation: arguments.value("operation"), localizer: localizer)
            Console.out(render(result, format: format, failOn: failOn, localizer: localizer))
            return result.fails(atOrAbove: failOn) ? ExitCode.failure : ExitCode.success
        } catch {
            Console.error(error.message(localizer))
            return ExitCode.usage
        }
    }

    // MARK: - Recording

    /// Records the command (twice with `--no-color-check`, the second time with NO_COLOR=1) and replays it. With
    /// `-o` the recordings are saved and findings cite their lines; without, findings name the run as live.
    private static func recordAndReplay(_ arguments: ParsedArguments, localizer: Localizer) -> ScreenTimeline? {
        let options: RecordingOptions
        switch RecordingOptions.parse(arguments, localizer: localizer) {
        case .success(let parsed): options = parsed
        case .failure(let message):
            Console.error(message.text)
            return nil
        }
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        let program = (options.command[0] as NSString).lastPathComponent
        let output = arguments.value("output")
        let name = output ?? localizer.text("audit.liveRun", ["command": program])
        var writer: CastFileWriter?
        if let output {
            guard let opened = options.writer(output, localizer: localizer) else { return nil }
            writer = opened
        }
        guard let outcome = options.record(environment: environment, path: name, writer: writer, localizer: localizer)
        else { return nil }
        if let writer, !options.save(outcome, with: writer, localizer: localizer) { return nil }
        if outcome.timedOut != nil { _ = options.report(outcome, file: output, localizer: localizer) }
        // The recording holds the program's exit status when it ended by itself, as the saved file does: a failed
        // exit after an answer counts the same live and read back.
        var timeline = ScreenReplay.replay(outcome.recording)
        if arguments.flag("no-color-check") {
            environment["NO_COLOR"] = "1"
            let plainOutput = output.map(noColorPath)
            let plainName = plainOutput ?? localizer.text("audit.liveRunNoColor", ["command": program])
            var plainWriter: CastFileWriter?
            if let plainOutput {
                guard let opened = options.writer(plainOutput, localizer: localizer) else { return nil }
                plainWriter = opened
            }
            guard
                let plain = options.record(
                    environment: environment, path: plainName, writer: plainWriter, localizer: localizer)
            else { return nil }
            if let plainWriter, !options.save(plain, with: plainWriter, localizer: localizer) { return nil }
            timeline.noColorRun = ScreenTimeline.NoColorRun(
                path: plainName, firstColor: ScreenReplay.replay(plain.recording).firstColor)
        }
        return timeline
    }

    /// `menu.cast` gives `menu.no-color.cast`, beside it.
    static func noColorPath(_ path: String) -> String {
        (path.hasSuffix(".cast") ? String(path.dropLast(5)) : path) + ".no-color.cast"
    }

    // MARK: - Output

    private static func render(_ result: AuditResult, format: String, failOn: AuditSeverity, localizer: Localizer)
        -> String
    {
        switch format {
        case "json": return AxeReport.render(result, localizer: localizer)
        case "sarif":
            return SarifReport.render(
                result, localizer: localizer, baseDirectory: FileManager.default.currentDirectoryPath)
        default: return TextReport.render(result, failOn: failOn, localizer: localizer)
        }
    }

    private static func usage(_ error: UsageError) -> Int32 {
        Console.usage(error)
        return ExitCode.usage
    }
}
