/// `voz serve-demo`: the demo account service alone, on loopback.
enum ServeDemoCommand: VozCommand {
    static let spec = CommandSpec(
        name: "serve-demo",
        summary: "Run the demo account service on loopback until interrupted.",
        usage: "serve-demo [--port N] [--db FILE] [fault options]",
        options: [
            OptionSpec(name: "port", valueName: "N", help: "The port to listen on; 0 picks a free one."),
            OptionSpec(name: "host", valueName: "ADDRESS", help: "127.0.0.1 or ::1; nothing else is allowed."),
            OptionSpec(name: "db", valueName: "FILE", help: "The SQLite file to store accounts in."),
            OptionSpec(name: "latency", valueName: "MS", help: "Delay every reply by this many milliseconds."),
            OptionSpec(name: "unavailable", valueName: "N", help: "Answer the first N requests with 503."),
            OptionSpec(
                name: "drop-after-commit", valueName: "N",
                help: "Create the first N accounts, then close the connection without replying."),
            OptionSpec(
                name: "timeout-first", valueName: "N", help: "Hold the first N requests past any client timeout."),
            OptionSpec(name: "hostile", valueName: "MODE", help: "Answer with a hostile reply of this kind."),
        ],
        positionals: [],
        requiredPositionals: 0
    )

    static func run(_ arguments: ParsedArguments) async -> Int32 {
        notBuiltYet(spec.name)
    }
}
