/// Options shared by the commands that run a session (`run`, `demo`).
enum CommonOptions {
    static let session: [OptionSpec] = [
        OptionSpec(
            name: "speech", valueName: "auto|espeak|speechd|wav:DIR|none",
            help:
                "How Voz speaks: through eSpeak NG, through speech-dispatcher, to WAV files, or not at all. Default auto:"
                + " text only beside a screen reader, else speech-dispatcher, else eSpeak NG."),
        OptionSpec(
            name: "voice", valueName: "NAME|FILE",
            help: "The voice profile to speak with; with speechd, a speech-dispatcher module or voice."),
        OptionSpec(name: "rate", valueName: "WPM", help: "Speaking rate in words per minute, 80 to 900."),
        OptionSpec(
            name: "transcript", valueName: "FILE",
            help: "Write what was said and typed as JSON Lines. A FILE that holds anything is never written over."),
        OptionSpec(
            name: "replace-transcript", valueName: nil,
            help: "Empty the --transcript FILE and write this session there, though it holds an earlier one."),
        OptionSpec(name: "log", valueName: "FILE", help: "Write the technical log here instead of the state folder."),
        OptionSpec(name: "set", valueName: "ID=VALUE", repeatable: true, help: "Answer a field in advance."),
        OptionSpec(
            name: "answers", valueName: "FILE",
            help: "Read answers and commands from a file, one a line; stop at the first refused line."),
        OptionSpec(name: "allow-insecure", valueName: nil, help: "Allow sending secrets over plain HTTP."),
        OptionSpec(name: "no-draft", valueName: nil, help: "Neither restore nor save a draft."),
    ]
}
