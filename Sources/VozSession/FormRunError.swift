import Foundation
import VozAnnouncer
import VozReplies
import VozSubmission
import VozSupport
import VozTranscript

/// Why a form run could not start: one sentence in the user's language, and what caused it.
///
/// Nothing has been said or sent when it is thrown; a command-line tool prints `message` and exits with 2.
public struct FormRunError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What stopped the run.
    public enum Reason: Sendable, Equatable {
        /// The form would break a sending rule: secrets in the clear, an unsafe header.
        case unsafe(SendingPolicy.Violation)
        /// A header takes its value from an environment variable that is not set.
        case headerVariableMissing(header: String, variable: String)
        /// An answer given in advance names no field of the form.
        case unknownField(String)
        /// An answer given in advance is for a sensitive field (a password, a card number): it would stay in the shell's
        /// history and show in the process list.
        case sensitivePreset(String)
        /// Answers given in advance that the fields refuse, in form order, in a run nobody can be asked again.
        case invalidPresets([String])
        /// Speech could not be opened as the settings ask.
        case speech(SpeechError)
        /// The transcript file could not be written.
        case transcript(TranscriptError)
        /// The transcript file already holds something, and the run was not asked to replace it.
        case transcriptExists(path: String)
        /// The technical log could not be written.
        case log(TechnicalLogError)
        /// Another run has the same form (and destination) open: its draft is that run's.
        case draftInUse
    }

    /// What stopped the run, for a tool that acts on it.
    public var reason: Reason
    /// The sentence the user hears or reads.
    public var message: String

    /// `message` is kept as it may be printed anywhere: no escape sequence or control character of what it quotes
    /// (a header's name, an address) survives.
    public init(_ reason: Reason, message: String) {
        self.reason = reason
        self.message = TextSanitizer.printable(message)
    }

    /// The sentence, as `message`.
    public var description: String { message }

    /// Says `message` on standard error and ends the program with status 2, as `voz` does with a run that cannot
    /// start: for a command-line tool, the whole of its `catch`.
    public func exit() -> Never {
        try? FileHandle.standardError.write(contentsOf: Data((message + "\n").utf8))
        Foundation.exit(2)
    }
}
