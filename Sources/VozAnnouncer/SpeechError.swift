import Foundation
import VozLocalization
import VozTranscript

/// Why speech could not be set up or a speech setting was refused.
///
/// `description` is the technical detail for the log; `message(_:)` is the one sentence the user hears.
public enum SpeechError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--speech` (or `VOZ_SPEECH`, or the config file) named no known mode.
    case invalidMode(value: String, source: String)
    /// A rate that is not a whole number of words per minute in the range Voz supports.
    case invalidRate(value: String, source: String)
    /// A pitch, range, volume, punctuation or capitals value out of its range.
    case invalidSetting(name: String, value: String, source: String)
    /// A voice that is neither a Voz profile, a profile file, nor an eSpeak NG voice.
    case unknownVoice(value: String, source: String)
    /// A voice profile or config file that exists but cannot be read as JSON of the expected shape.
    case unreadableFile(path: String, detail: String)
    /// eSpeak NG did not start (its data folder is missing or broken).
    case engineUnavailable(detail: String)
    /// Live audio was asked for and no sound server answered.
    case noAudioDevice(detail: String)
    /// `--speech speechd` was asked for and speech-dispatcher did not answer.
    case speechdUnavailable(detail: String)
    /// speech-dispatcher's client library (libspeechd) is not installed, so Voz cannot talk to it.
    case speechdLibraryMissing(library: String, detail: String)
    /// A WAV file or folder could not be written.
    case cannotWriteAudio(path: String, detail: String)
    /// The transcript could not be written or read.
    case transcript(TranscriptError)
    /// A file or folder the person named for audio is a symbolic link, which Voz does not write through.
    case audioIsLink(path: String)

    /// The problem in a few English words with its detail, for logs.
    public var description: String {
        switch self {
        case .invalidMode(let value, let source): return "invalid speech mode \(value) from \(source)"
        case .invalidRate(let value, let source): return "invalid rate \(value) from \(source)"
        case .invalidSetting(let name, let value, let source): return "invalid \(name) \(value) from \(source)"
        case .unknownVoice(let value, let source): return "unknown voice \(value) from \(source)"
        case .unreadableFile(let path, let detail): return "cannot read \(path): \(detail)"
        case .engineUnavailable(let detail): return "eSpeak NG unavailable: \(detail)"
        case .noAudioDevice(let detail): return "no audio device: \(detail)"
        case .speechdUnavailable(let detail): return "speech-dispatcher unavailable: \(detail)"
        case .speechdLibraryMissing(_, let detail): return "speech-dispatcher's client library missing: \(detail)"
        case .cannotWriteAudio(let path, let detail): return "cannot write audio to \(path): \(detail)"
        case .transcript(let error): return error.description
        case .audioIsLink(let path): return "audio output \(path) is a symbolic link; not followed"
        }
    }

    /// The one sentence the user hears and reads, from the catalog.
    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .invalidMode(let value, let source):
            return localizer.text("speech.error.mode", ["value": value, "source": source])
        case .invalidRate(let value, let source):
            return localizer.text(
                "speech.error.rate",
                [
                    "value": value, "source": source, "min": String(VoiceParameters.rateRange.lowerBound),
                    "max": String(VoiceParameters.rateRange.upperBound),
                ])
        case .invalidSetting(let name, let value, let source):
            return localizer.text("speech.error.setting", ["name": name, "value": value, "source": source])
        case .unknownVoice(let value, let source):
            return localizer.text("speech.error.voice", ["value": value, "source": source])
        case .unreadableFile(let path, _):
            return localizer.text("speech.error.file", ["file": path])
        case .engineUnavailable:
            return localizer.text("speech.error.engine")
        case .noAudioDevice:
            return localizer.text("speech.error.noDevice")
        case .speechdUnavailable:
            return localizer.text("speech.error.speechd")
        case .speechdLibraryMissing(let library, _):
            return localizer.text("speech.error.speechdLibrary", ["library": library])
        case .cannotWriteAudio(let path, _):
            return localizer.text("speech.error.audioFile", ["file": path])
        case .transcript(let error):
            return error.message(localizer)
        case .audioIsLink(let path):
            return localizer.text("output.isLink", ["file": path])
        }
    }
}
