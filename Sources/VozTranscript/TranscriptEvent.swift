import Foundation
import VozAccessibility

/// One line of a session transcript (design §7): what was said, typed, or changed, and when.
///
/// The transcript is JSON Lines, one event a line, so `voz audit --transcript` can check what a user heard.
public struct TranscriptEvent: Sendable, Equatable, Codable {
    /// What kind of thing happened.
    public enum Kind: String, Sendable, Equatable, Codable {
        /// A field or control asked of the user.
        case prompt
        /// Any other spoken message.
        case announcement
        /// A line the user typed (secret fields recorded as hidden).
        case input
        /// A submission state change.
        case state
        /// A focus move.
        case focus
    }

    /// Milliseconds since the session started.
    public var time: Int
    /// What kind of thing happened.
    public var kind: Kind
    /// For a prompt or announcement: polite or assertive.
    public var priority: Priority?
    /// What was said, or the line typed (`hidden` for a secret); nil for a change with no words.
    public var text: String?
    /// The focus target at the time (a field id or `submit`).
    public var focus: String?
    /// The submission state at the time (`idle`, `sending`, `failed`, `completed`).
    public var state: SubmissionPhase?
    /// The WAV file this utterance was rendered to, when speech went to files; absent when none was written.
    public var wav: String?
    /// For a failed state: `transient` or `permanent`. For input: `hidden` when the field is secret. For a prompt
    /// or announcement: `dropped` when it was printed but never said, because an assertive message came first.
    public var detail: String?

    /// An event at `time` milliseconds into the session.
    public init(
        time: Int,
        kind: Kind,
        priority: Priority? = nil,
        text: String? = nil,
        focus: String? = nil,
        state: SubmissionPhase? = nil,
        wav: String? = nil,
        detail: String? = nil
    ) {
        self.time = time
        self.kind = kind
        self.priority = priority
        self.text = text
        self.focus = focus
        self.state = state
        self.wav = wav
        self.detail = detail
    }
}
