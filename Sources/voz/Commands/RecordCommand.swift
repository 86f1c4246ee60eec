import Foundation
import VozKit

/// `voz record`: runs a program under a pseudo-terminal, drives it with a key script, and saves an asciicast
/// recording (v2, or asciinema 3's v3 with `--format v3`) for `voz audit --recording`.
enum RecordCommand: VozCommand {
    static let spec = CommandSpec(
        name: "record",
        summary: "Record a terminal program driven by a key script, for an accessibility audit.",
        usage:
            "record -o FILE.cast [--format v2|v3] [--keys SCRIPT] [--size 80x24] [--timeout S] -- COMMAND [ARGS...]",
        options: [
            OptionSpec(name: "output", valueName: "FILE.cast", help: "Where to write the recording.", short: "o"),
            OptionSpec(
                name: "format", valueName: "v2|v3",
                help: "The asciicast version: v2 (asciinema 2, the default) or v3 (asciinema 3)."),
        ] + RecordingOptions.specs,
        positionals: ["COMMAND"],
        repeatsLastPositional: true,
        requiredPositionals: 1
    )

    static func run(_ arguments: ParsedArguments) async -> Int32 {
        let localizer = Localizer(
            language: Language.resolve(formLocale: nil, environment: ProcessInfo.processInfo.environment))
        guard let output = arguments.value("output") else {
            Console.usage(.missingValue(command: "record", option: "output", valueName: "FILE.cast"))
            return ExitCode.usage
        }
        let formatName = arguments.value("format") ?? "v2"
        guard let format = CastRecording.Format(rawValue: formatName) else {
            Console.usage(.invalidValue(option: "format", value: formatName, expected: .oneOf(["v2", "v3"])))
            return ExitCode.usage
        }
        let options: RecordingOptions
        switch RecordingOptions.parse(arguments, localizer: localizer) {
        case .success(let parsed): options = parsed
        case .failure(let message):
            Console.error(message.text)
            return ExitCode.usage
        }
        // A recording holds what was typed and shown: private to the person, as drafts are. It is written as it
        // is made, never held whole in memory.
        guard let writer = options.writer(output, format: format, localizer: localizer),
            let outcome = options.record(
                environment: ProcessInfo.processInfo.environment, path: output, writer: writer, keepingEvents: false,
                localizer: localizer),
            options.save(outcome, with: writer, localizer: localizer)
        else { return ExitCode.usage }
        return options.report(outcome, file: output, localizer: localizer) ? ExitCode.success : ExitCode.failure
    }
}
