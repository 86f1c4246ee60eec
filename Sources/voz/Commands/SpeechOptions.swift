import VozKit
import VozTranscript

/// The speech and transcript options `say` and `wrap` read alike, turned into what opens an announcer.
enum SpeechOptions {
    /// The settings `--speech`, `--voice` and `--rate` ask for, over the environment and the configuration file.
    static func settings(
        _ arguments: ParsedArguments, environment: [String: String]
    ) throws(SpeechError) -> SpeechSettings {
        let flags = SpeechFlags(
            speech: arguments.value("speech"), voice: arguments.value("voice"), rate: arguments.value("rate"))
        return try SpeechSettings.resolve(
            flags: flags, environment: environment, configPath: SpeechSettings.configPath(environment: environment))
    }

    /// The writer `--transcript FILE` asks for; nil without the option.
    static func transcript(_ arguments: ParsedArguments) throws(SpeechError) -> TranscriptWriter? {
        try arguments.value("transcript").map { path throws(SpeechError) in
            do throws(TranscriptError) { return try TranscriptWriter(path: path) } catch {
                throw .transcript(error)
            }
        }
    }
}
