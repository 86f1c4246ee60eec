/// `voz audit`: WCAG-mapped checks of form files and session transcripts.
enum AuditCommand: VozCommand {
    static let spec = CommandSpec(
        name: "audit",
        summary: "Check form files and session transcripts against accessibility rules.",
        usage: "audit [FORM...] [--transcript FILE] [--format text|json|sarif] [--fail-on LEVEL]",
        options: [
            OptionSpec(name: "transcript", valueName: "FILE", repeatable: true, help: "A session transcript to check."),
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
        notBuiltYet(spec.name)
    }
}
