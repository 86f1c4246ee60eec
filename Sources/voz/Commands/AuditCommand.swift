import Foundation
import VozKit

/// `voz audit`: WCAG-mapped checks of form files and session transcripts.
enum AuditCommand: VozCommand {
    static let spec = CommandSpec(
        name: "audit",
        summary: "Check form files and session transcripts against accessibility rules.",
        usage: "audit [FORM...] [--transcript FILE] [--form FORM] [--format text|json|sarif] [--fail-on LEVEL]",
        options: [
            OptionSpec(name: "transcript", valueName: "FILE", repeatable: true, help: "A session transcript to check."),
            OptionSpec(
                name: "form", valueName: "FORM",
                help: "The form the transcripts come from, for field order and secret fields. Default: the only FORM."),
            OptionSpec(name: "format", valueName: "text|json|sarif", help: "The report format. Default text."),
            OptionSpec(
                name: "fail-on", valueName: "LEVEL",
                help: "critical, serious, moderate or minor: the lowest severity that fails. Default serious."),
        ],
        positionals: ["FORM"],
        repeatsLastPositional: true,
        requiredPositionals: 0
    )

    static func run(_ arguments: ParsedArguments) async -> Int32 {
        let localizer = Localizer(
            language: Language.resolve(formLocale: nil, environment: ProcessInfo.processInfo.environment))
        let format = arguments.value("format") ?? "text"
        guard ["text", "json", "sarif"].contains(format) else {
            return usage(.invalidValue(option: "format", value: format, expected: "text, json or sarif"))
        }
        let failOnName = arguments.value("fail-on") ?? "serious"
        guard let failOn = AuditSeverity(rawValue: failOnName) else {
            return usage(
                .invalidValue(option: "fail-on", value: failOnName, expected: "critical, serious, moderate or minor"))
        }
        let transcriptPaths = arguments.values("transcript")
        guard !arguments.positionals.isEmpty || !transcriptPaths.isEmpty else {
            Console.error(localizer.text("audit.error.nothingToAudit"))
            return ExitCode.usage
        }
        do {
            let forms = try arguments.positionals.map { path throws(FormFileError) in
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
            let result = Auditor.audit(forms: forms, transcripts: transcripts)
            Console.out(render(result, format: format, failOn: failOn, localizer: localizer))
            return result.fails(atOrAbove: failOn) ? ExitCode.failure : ExitCode.success
        } catch {
            Console.error(error.description)
            return ExitCode.usage
        }
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
        Console.error(error.description)
        return ExitCode.usage
    }
}
