/// `voz run FORM`: the spoken session.
enum RunCommand: VozCommand {
    static let spec = CommandSpec(
        name: "run",
        summary: "Fill in and send a form, one question a line, spoken and printed.",
        usage: "run FORM [options]",
        options: CommonOptions.session + [
            OptionSpec(name: "url", valueName: "URL", help: "Send to this address instead of the form's own.")
        ],
        positionals: ["FORM"],
        requiredPositionals: 1
    )

    static func run(_ arguments: ParsedArguments) async -> Int32 {
        notBuiltYet(spec.name)
    }
}
