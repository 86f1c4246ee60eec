import Foundation
import VozAccessibility
import VozLocalization
import VozTranscript

/// One message for the user: spoken, printed as one plain line, and recorded in the transcript.
public struct Announcement: Sendable, Equatable {
    /// The sentence, as printed and as spoken.
    public var text: String
    /// Whether it waits its turn (`polite`) or interrupts what is being said (`assertive`).
    public var priority: Priority
    /// `prompt` for a field or control being asked, `announcement` for everything else.
    public var kind: TranscriptEvent.Kind
    /// The focus target when it was said (a field id, `submit`, or nil).
    public var focus: String?
    /// The submission state when it was said (`idle`, `sending`, `failed`, `completed`).
    public var state: SubmissionPhase?
    /// Long reading the user asked for (`:ayuda`, `:revisar`): through speech-dispatcher it is `text`, which the
    /// user's own navigation cancels, and the rest of the reading is then dropped.
    public var isOptionalReading: Bool
    /// False for a line printed and recorded but not said: a program's output that came faster than speech can
    /// follow (`voz wrap`), which the person's screen reader still has as printed lines.
    public var isSpoken: Bool

    /// A message saying `text`; polite, an announcement rather than a prompt, unless told otherwise.
    public init(
        _ text: String,
        priority: Priority = .polite,
        kind: TranscriptEvent.Kind = .announcement,
        focus: String? = nil,
        state: SubmissionPhase? = nil,
        isOptionalReading: Bool = false,
        isSpoken: Bool = true
    ) {
        self.text = text
        self.priority = priority
        self.kind = kind
        self.focus = focus
        self.state = state
        self.isOptionalReading = isOptionalReading
        self.isSpoken = isSpoken
    }
}

/// Anything that can deliver announcements: the announcer, or a test's recorder.
public protocol Announcing: Sendable {
    /// Delivers one message; returns once it is printed and recorded (speech may still be playing).
    func announce(_ announcement: Announcement) async
    /// Records an event that is not spoken (input, state change, focus move) in the transcript.
    func record(_ event: TranscriptEvent) async
    /// The last announcement, for `:repeat`.
    func lastAnnouncement() async -> Announcement?
    /// Waits until queued speech has finished (used before exiting).
    func drain() async
    /// Says `phrases` (a form's own words) with the voice of `language` wherever they occur, from now on.
    func speak(_ phrases: [String], in language: Language) async
}

extension Announcing {
    /// An announcer that does not speak has no voices to choose between.
    public func speak(_ phrases: [String], in language: Language) async {}
}
