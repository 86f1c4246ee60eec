/// Describes one subcommand's options and positional arguments, for parsing and for `--help`.
struct CommandSpec: Sendable {
    var name: String
    /// One sentence saying what the command does.
    var summary: String
    /// How to call it, without the program name ("run FORM [options]").
    var usage: String
    var options: [OptionSpec]
    /// Names of the positional arguments, for messages ("FORM").
    var positionals: [String]
    /// Whether the last positional may repeat (`audit FORM…`).
    var repeatsLastPositional: Bool = false
    /// How many positionals are required.
    var requiredPositionals: Int
    /// Whole command lines that show the command in use, for `--help`.
    var examples: [String] = []

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    func option(short letter: Character) -> OptionSpec? {
        options.first { $0.short == letter }
    }
}

/// One `--flag` or `--option VALUE`.
struct OptionSpec: Sendable {
    /// The name without dashes.
    var name: String
    /// The placeholder for its value ("WPM"); nil for a flag that takes none.
    var valueName: String?
    var repeatable: Bool = false
    /// One sentence for `--help`.
    var help: String
    /// A one-letter alias (`-o` for `--output`), for options whose short form users expect.
    var short: Character? = nil
}
