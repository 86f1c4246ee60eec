/// `voz say TEXT`: speak or render one line.
enum SayCommand: VozCommand {
    static let spec = CommandSpec(
        name: "say",
        summary: "Speak one line, or render it to a WAV file.",
        usage: "say TEXT [--voice NAME] [--rate WPM] [--wav FILE]",
        options: [
            OptionSpec(name: "voice", valueName: "NAME|FILE", help: "The voice profile to speak with."),
            OptionSpec(name: "rate", valueName: "WPM", help: "Speaking rate in words per minute."),
            OptionSpec(name: "wav", valueName: "FILE", help: "Write the speech to this WAV file instead of playing it."),
            OptionSpec(name: "speech", valueName: "auto|espeak|none", help: "How to speak. Default auto."),
            OptionSpec(name: "transcript", valueName: "FILE", help: "Write the announcement as JSON Lines."),
        ],
        positionals: ["TEXT"],
        requiredPositionals: 1
    )

    static func run(_ arguments: ParsedArguments) async -> Int32 {
        notBuiltYet(spec.name)
    }
}
