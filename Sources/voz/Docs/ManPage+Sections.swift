extension ManPage {
    // MARK: - Written by hand

    /// What Voz is, in the words a listener needs first.
    static let description = [
        ".SH DESCRIPTION",
        "\\fBvoz\\fR runs forms in a terminal for people who listen to the screen rather than look at it.",
        "It asks one question a line and speaks every message through eSpeak NG, prints the same message as",
        "one plain line for your own screen reader, and can keep a transcript of the session as JSON Lines.",
        "Nothing is redrawn and nothing moves the cursor; no colour is needed to understand anything.",
        ".PP",
        "A form is one JSON file: its fields, their rules, and where to send the answers.",
        "\\fBvoz run\\fR asks each field in turn; you answer with one line, and an empty line keeps the current",
        "value. Secrets are read with echo off and never appear in any output, log, transcript or draft.",
        "After each answer, the answers that are not secret are kept as a draft, offered back the next time",
        "the same form runs, and deleted once the form is sent.",
        ".PP",
        "When a send fails, Voz says how many errors there are and moves to the first field that failed,",
        "with its error; after a passing failure (a timeout, a busy server) it offers to send the same data",
        "again, with the same idempotency key, so a retry never creates a duplicate.",
    ]

    /// `--help` and `--version`, which belong to no command.
    static let globalOptions = [
        ".SH OPTIONS",
        ".TP",
        "\\fB\\-\\-help\\fR, \\fB\\-h\\fR",
        "List the commands and stop. After a command, list that command's options.",
        ".TP",
        "\\fB\\-\\-version\\fR, \\fB\\-V\\fR",
        "Say Voz's version and stop.",
    ]

    /// The lines that start with a colon during a session (design §5), in Spanish and English.
    static let sessionCommands =
        [
            ".SH SESSION COMMANDS",
            "During \\fBvoz run\\fR and \\fBvoz demo\\fR, a line that starts with a colon is a command.",
            "Spanish and English names both work. To type an answer that really begins with a colon, type two colons.",
        ]
        + commandEntries([
            (":enviar", ":submit", "Check the answers, then send the form."),
            (":reintentar", ":retry", "Send the same data again, with the same key, after a passing failure."),
            (":cancelar", ":cancel", "Stop waiting for a reply. The outcome is then unknown, and a retry is safe."),
            (":siguiente", ":next", "Move to the next field."),
            (":anterior", ":prev", "Move to the previous field."),
            (":ir N", ":go N", "Move to field N, given by its number or its label."),
            (":quitar N", ":remove N", "Remove item N of the list or group that has the focus."),
            (
                ":borrar", ":clear",
                "Empty the optional field that has the focus. An empty line, or spaces alone, keeps its value."
            ),
            (
                ":revisar", ":review",
                "Read every field: label, value and error. Secrets are read as hidden, with their length."
            ),
            (":repetir", ":repeat", "Say the last message again."),
            (":donde", ":where", "Say which field has the focus, and whether the form is being sent."),
            (":ayuda", ":help", "List the commands."),
            (
                ":descartar", ":discard",
                "Forget a send that got no answer. If it arrived it stays sent, and the same data then count as a new send."
            ),
            (":salir", ":quit", "Leave. The draft is kept."),
        ])

    static let environment =
        [
            ".SH ENVIRONMENT",
            "A command-line option wins over the environment, which wins over the config file.",
        ]
        + entries([
            (
                "VOZ_SPEECH",
                "How Voz speaks when \\fB\\-\\-speech\\fR is not given: auto, espeak, speechd, wav:DIR or none."
            ),
            ("VOZ_VOICE", "The voice profile, by name or file, when \\fB\\-\\-voice\\fR is not given."),
            ("VOZ_RATE", "The speaking rate in words per minute, 80 to 900, when \\fB\\-\\-rate\\fR is not given."),
            (
                "VOZ_DATA_DIR",
                "A folder searched first for Voz's shipped files (examples and voices), before the share/voz folder"
                    + " beside the program."
            ),
            (
                "XDG_STATE_HOME",
                "Drafts and the technical log are kept in $XDG_STATE_HOME/voz (default ~/.local/state/voz)."
            ),
            (
                "XDG_CONFIG_HOME",
                "The config file and your own voices are in $XDG_CONFIG_HOME/voz (default ~/.config/voz)."
            ),
            ("XDG_CACHE_HOME", "Voz's cache is in $XDG_CACHE_HOME/voz (default ~/.cache/voz)."),
            (
                "LC_ALL, LC_MESSAGES, LANG",
                "The language of Voz's own messages when the form names none: the first one set decides; es gives"
                    + " Spanish, anything else English."
            ),
            ("NO_COLOR", "Honoured. Voz prints no colour anyway, and needs none."),
            (
                "PULSE_SERVER",
                "The sound server to speak through; otherwise the PulseAudio or PipeWire socket in XDG_RUNTIME_DIR."
                    + " Voz never starts a sound server. With \\fB\\-\\-speech auto\\fR and no server, Voz says once"
                    + " that it prints only, and goes on."
            ),
            (
                "SPEECHD_ADDRESS",
                "The speech-dispatcher to speak through with \\fB\\-\\-speech speechd\\fR, as unix_socket:PATH or"
                    + " inet_socket:HOST:PORT; otherwise the user's own, which speech-dispatcher may start itself."
                    + " \\fB\\-\\-speech auto\\fR never starts it: it prints only beside a running screen reader"
                    + " (Orca, Fenrir, Speakup, TDSR, yasr, Emacspeak), else speaks through a speech-dispatcher that"
                    + " answers, else with eSpeak NG, and says its choice once."
            ),
        ])

    static let files =
        [
            ".SH FILES",
            "PREFIX is /usr for the Debian package and /usr/local for \\fBmake install\\fR by default.",
        ]
        + entries([
            (
                "$XDG_CONFIG_HOME/voz/config.json",
                "Your settings: speech, voice, rate, pitch, range, volume, punctuation and capitals."
                    + " Every key is optional."
            ),
            (
                "$XDG_CONFIG_HOME/voz/voices/",
                "Your own voice profiles, one NAME.json each; they win over the shipped ones."
            ),
            (
                "$XDG_STATE_HOME/voz/drafts/",
                "Drafts of unfinished forms, readable by you alone. Secrets are never saved."
            ),
            (
                "$XDG_STATE_HOME/voz/voz.log",
                "The technical log: status codes, addresses and server text that are never spoken. \\fB\\-\\-log\\fR"
                    + " writes it elsewhere."
            ),
            (
                "PREFIX/share/voz/examples/",
                "Example forms, such as \\%crear\\-cuenta.json and \\%create\\-account.json."
            ),
            ("PREFIX/share/voz/voices/", "The voice profiles Voz ships."),
        ])

    static let exitStatus =
        [
            ".SH EXIT STATUS"
        ]
        + entries([
            ("0", "Success: the form was sent, or the audit found nothing at or above \\fB\\-\\-fail\\-on\\fR."),
            ("1", "The submission did not complete, or the audit found problems."),
            (
                "2",
                "A usage error, a form file or setting that cannot be used, or a line of an answers file the form"
                    + " refused (the run stops there). The message names the file and the value or line."
            ),
            ("130", "Interrupted with Control-C. The draft is kept."),
        ])

    static let examples =
        [".SH EXAMPLES"]
        + example("Try Voz with its bundled form and demo service:", "voz demo")
        + example(
            "Fill in a form unattended, printing only, and keep the transcript:",
            "voz run form.json \\-\\-answers answers.txt \\-\\-speech none \\-\\-transcript session.jsonl")
        + example(
            "Answer two fields in advance, and speak faster:",
            "VOZ_RATE=450 voz run form.json \\-\\-set nombre=\"Ana P\\('erez\" \\-\\-set email=ana@example.com")
        + example(
            "Audit a form and the transcript of a session, as SARIF for a code review tool:",
            "voz audit form.json \\-\\-transcript session.jsonl \\-\\-format sarif > audit.sarif")
        + example("Hear a voice, or keep it as a WAV file:", "voz say \"Hola\" \\-\\-wav hola.wav")
        + example(
            "Run the demo service alone, failing the first two requests:",
            "voz serve\\-demo \\-\\-port 8080 \\-\\-unavailable 2")

    static let seeAlso = [
        ".SH SEE ALSO",
        ".BR espeak\\-ng (1),",
        ".BR orca (1)",
    ]

    // MARK: - Helpers

    /// A sentence, then a command line shown as typed: indented, never refilled or broken.
    private static func example(_ intro: String, _ command: String) -> [String] {
        [".PP", intro, ".PP", ".RS", ".nf", command, ".fi", ".RE"]
    }

    /// A tagged paragraph for each (term, text) pair.
    private static func entries(_ pairs: [(String, String)]) -> [String] {
        pairs.flatMap { term, text in [".TP", "\\fB\(term)\\fR", text] }
    }

    /// A tagged paragraph for each session command, Spanish name first.
    private static func commandEntries(_ rows: [(String, String, String)]) -> [String] {
        rows.flatMap { spanish, english, text in [".TP", "\\fB\(spanish)\\fR, \\fB\(english)\\fR", text] }
    }
}
