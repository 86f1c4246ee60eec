import Foundation
import VozAnnouncer

/// How Voz speaks (`--speech`): live, to WAV files, not at all, or decided from what is running.
public enum SpeechMode: Sendable, Equatable, CustomStringConvertible {
    /// Decided from what is running (`SpeechChoice`): text only beside a screen reader, speech-dispatcher when it
    /// answers, else eSpeak NG when a sound server answers, else text only; said once in one line.
    case auto
    /// Live through eSpeak NG, or a clear error when there is no sound server.
    case espeak
    /// Through the user's speech-dispatcher, or a clear error when it does not answer.
    case speechd
    /// eSpeak NG rendering each utterance to a numbered WAV file in this folder.
    case wav(directory: String)
    /// Text only (for users whose screen reader already speaks).
    case none

    /// Parses `auto`, `espeak`, `speechd`, `wav:DIR` or `none`; `source` names where the value came from for the error.
    public init(parsing text: String, source: String) throws(SpeechError) {
        let value = text.trimmingCharacters(in: .whitespaces)
        switch value.lowercased() {
        case "auto": self = .auto
        case "espeak": self = .espeak
        case "speechd": self = .speechd
        case "none": self = .none
        default:
            guard value.lowercased().hasPrefix("wav:"), value.count > 4 else {
                throw .invalidMode(value: text, source: source)
            }
            self = .wav(directory: String(value.dropFirst(4)))
        }
    }

    /// The mode as `--speech` and `VOZ_SPEECH` write it (`wav:DIR`).
    public var description: String {
        switch self {
        case .auto: return "auto"
        case .espeak: return "espeak"
        case .speechd: return "speechd"
        case .wav(let directory): return "wav:\(directory)"
        case .none: return "none"
        }
    }
}
