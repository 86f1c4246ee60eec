import VozReplies
import VozSubmission

/// How a session ended; `FormOutcome` adds what the last send left and the answers.
public enum SessionResult: Sendable, Equatable {
    /// The form was sent and the server accepted it.
    case completed(Receipt)
    /// The user left with the quit command before the form was accepted; the draft was kept.
    case quit
    /// Input ended (an answers file ran out, or the terminal sent end of input) before the form was accepted; the
    /// draft was kept.
    case inputEnded
    /// Ctrl-C, or a signal to stop; the draft was kept.
    case interrupted
    /// A line of an answers file was refused: the run stopped there, since every later line was written for
    /// a field after it.
    case answerRefused(RefusedAnswer)
}

/// A line of an answers file the session refused, where an unattended run stops.
public struct RefusedAnswer: Sendable, Equatable {
    /// The answers file, as it was named.
    public var file: String
    /// The refused line's number, from 1.
    public var line: Int
    /// Why, in the session's language, with the field's label: "Correo: falta la arroba."
    public var message: String

    /// Line `line` of `file`, refused because of `message`.
    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }
}

/// What a session may be given besides the form: answers in advance, a draft store, timing.
public struct SessionOptions: Sendable {
    /// Answers given in advance (`--set id=value`), by field id, as typed.
    public var presetAnswers: [String: String]
    /// Where drafts live; nil keeps no draft, and no unanswered send outlives the run.
    public var drafts: DraftStore?
    /// Whether the draft keeps answers. False (`voz run --no-draft`) restores and writes none, but still keeps the
    /// unanswered sends in `drafts` (a key, a time and a fingerprint, no value): they are safety, not a draft, and
    /// the same data sent again in a later run goes under the same key.
    public var keepsAnswers: Bool
    /// Whether the user is at a terminal (a draft is offered back only then: a script must not be surprised).
    public var interactive: Bool
    /// How long a submission may be quiet before "Still sending" is said.
    public var stillSendingAfter: Duration
    /// How often "Still sending" is said again after the first.
    public var stillSendingEvery: Duration
    /// The longest answer accepted, in characters.
    public var maximumAnswerLength: Int
    /// libcrypt's yescrypt cost for the fingerprint a draft keeps of a send (`PayloadFingerprint.defaultCost`).
    public var fingerprintCost: Int
    /// What a send's timeout, its "still sending" reminders and the wait before a retry sleep on and measure with.
    public var clock: any Clock<Duration>
    /// The rules every send keeps; `SendingPolicy.allowingSecretsOverPlainHTTP` is the one named way around one.
    public var policy: SendingPolicy

    /// Options for a script: no answers in advance, no draft, not interactive, the session's timings and rules.
    public init(
        presetAnswers: [String: String] = [:],
        drafts: DraftStore? = nil,
        keepsAnswers: Bool = true,
        interactive: Bool = false,
        stillSendingAfter: Duration = .seconds(3),
        stillSendingEvery: Duration = .seconds(5),
        maximumAnswerLength: Int = 10_000,
        fingerprintCost: Int = PayloadFingerprint.defaultCost,
        clock: any Clock<Duration> = ContinuousClock(),
        policy: SendingPolicy = .standard
    ) {
        self.presetAnswers = presetAnswers
        self.drafts = drafts
        self.keepsAnswers = keepsAnswers
        self.interactive = interactive
        self.stillSendingAfter = stillSendingAfter
        self.stillSendingEvery = stillSendingEvery
        self.maximumAnswerLength = maximumAnswerLength
        self.fingerprintCost = fingerprintCost
        self.clock = clock
        self.policy = policy
    }
}
