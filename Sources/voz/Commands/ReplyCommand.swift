/// `voz reply FORM --status N`: what Voz makes of one server reply, as JSON.
enum ReplyCommand: VozCommand {
    static let spec = CommandSpec(
        name: "reply",
        summary: "Show what Voz makes of one server reply for a form, as JSON.",
        usage: "reply FORM --status N [--header 'Name: value']... [--body FILE|-]",
        options: [
            OptionSpec(name: "status", valueName: "N", help: "The reply's HTTP status code."),
            OptionSpec(name: "header", valueName: "'Name: value'", repeatable: true, help: "A reply header."),
            OptionSpec(name: "body", valueName: "FILE|-", help: "The reply body; - reads standard input."),
        ],
        positionals: ["FORM"],
        requiredPositionals: 1
    )

    static func run(_ arguments: ParsedArguments) async -> Int32 {
        notBuiltYet(spec.name)
    }
}
