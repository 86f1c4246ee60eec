/// The text of `voz --help` and `voz COMMAND --help`, written as sentences that read well aloud.
enum Help {
    static func overview(commands: [CommandSpec]) -> String {
        var lines = [
            "voz runs forms in a terminal for people who listen to the screen.",
            "",
            "Usage: voz COMMAND [options]",
            "",
            "Commands:",
        ]
        for command in commands {
            lines.append("  \(command.name): \(command.summary)")
        }
        lines += [
            "",
            "Run voz COMMAND --help to see the options of one command. voz --version says the version.",
            "Exit codes: 0 success, 1 submission not completed or audit findings, 2 usage or form-file error,",
            "130 interrupted.",
        ]
        return lines.joined(separator: "\n")
    }

    static func command(_ spec: CommandSpec) -> String {
        var lines = ["voz \(spec.name): \(spec.summary)", "", "Usage: voz \(spec.usage)"]
        if !spec.options.isEmpty {
            lines += ["", "Options:"]
            for option in spec.options {
                let value = option.valueName.map { " \($0)" } ?? ""
                let repeats = option.repeatable ? " (may be repeated)" : ""
                lines.append("  --\(option.name)\(value): \(option.help)\(repeats)")
            }
        }
        if !spec.examples.isEmpty {
            lines += ["", "Examples:"] + spec.examples.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}
