// The English message catalog. Keys are grouped by the concern that says them; keep the sections in the
// same order in every language.
extension Catalog {
    static let english: [String: String] = [
        // MARK: - Form
        // MARK: - Validation
        // MARK: - Accessibility
        // MARK: - Submission
        // MARK: - Server
        // MARK: - Speech
        "speech.off.noDevice": "Voz is not speaking because there is no sound device; it goes on in text only.",
        "speech.off.noEngine": "Voz is not speaking because eSpeak NG is not installed; it goes on in text only.",
        "speech.error.mode": "The value {value} from {source} is not valid: use auto, espeak, wav:FOLDER or none.",
        "speech.error.rate":
            "The rate {value} from {source} is not valid: use words a minute, a number from {min} to {max}.",
        "speech.error.setting": "The value {value} for {name} in {source} is not valid; correct it or remove it.",
        "speech.error.voice": "There is no voice called {value}, from {source}. Run voz voices to see the voices.",
        "speech.error.file": "The file {file} is not a valid voice profile or settings file; correct it or remove it.",
        "speech.error.engine":
            "eSpeak NG cannot start because its data is missing: install espeak-ng-data, or use --speech none.",
        "speech.error.noDevice":
            "Voz cannot speak: there is no sound device. Use --speech wav:FOLDER to record it, or --speech none.",
        "speech.error.audioFile":
            "Voz cannot write audio to {file}: check that the folder exists and can be written to.",
        "speech.error.transcript":
            "Voz cannot write the transcript to {file}: check that the folder exists and can be written to.",
        "speech.error.transcriptLine": "The transcript {file} cannot be read: line {line} is not an event.",
        "speech.voices.voz": "Voz's voices:",
        "speech.voices.espeak": "eSpeak NG's voices:",
        "speech.voices.profile": "{name}: {description}. eSpeak NG voice {voice}, {rate} words a minute.",
        "speech.voices.language": "{language}: {name}.",
        // MARK: - Session
        // MARK: - Audit
        // MARK: - Command line
        "cli.placeholder": "en",
    ]
}
