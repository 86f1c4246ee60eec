/// One message for an engine to say, numbered by the announcer (1, 2, …) so that an interruption can name
/// everything up to a point and a WAV file can be named before it is written.
public struct Utterance: Sendable, Equatable {
    /// Its place in the announcer's order, from 1.
    public var number: Int
    /// The whole message, as printed.
    public var text: String
    /// Long reading the user asked for (`:ayuda`, `:revisar`), which the user's own navigation may cut.
    public var isOptionalReading: Bool
    /// The text in parts, each said with its language's voice (`UtterancePart`); one part in the engine's voice
    /// unless the form's words are in another language than Voz's.
    public var parts: [UtterancePart]

    /// Utterance `number` saying `text`, in one part in the engine's voice unless `parts` are given.
    public init(number: Int, text: String, isOptionalReading: Bool = false, parts: [UtterancePart]? = nil) {
        self.number = number
        self.text = text
        self.isOptionalReading = isOptionalReading
        self.parts = parts ?? [UtterancePart(text: text)]
    }
}

/// What became of an utterance.
public struct UtteranceOutcome: Sendable, Equatable {
    /// The utterance's number.
    public var number: Int
    /// Samples handed to the sink.
    public var samples: Int
    /// Whether it was cut short by an interruption (or by the sink giving up).
    public var interrupted: Bool
    /// The WAV file it went to, when the sink writes files.
    public var file: String?
    /// Whether it began to be heard, when the engine knows (speech-dispatcher says so); nil when it does not.
    public var began: Bool?
    /// Set when the engine can speak no more (its server went away): the one line that says so, localized.
    public var lostNotice: String?

    /// The outcome of utterance `number`.
    public init(
        number: Int, samples: Int, interrupted: Bool, file: String? = nil, began: Bool? = nil,
        lostNotice: String? = nil
    ) {
        self.number = number
        self.samples = samples
        self.interrupted = interrupted
        self.file = file
        self.began = began
        self.lostNotice = lostNotice
    }
}

/// Something that turns text into sound: eSpeak NG in Voz, a recorder in some tests.
public protocol SpeechEngine: Sendable {
    /// Samples a second of what it produces.
    var sampleRate: Int { get }
    /// Says `utterance` through the engine's sink; returns when all of it has been handed over or it was
    /// interrupted. Utterances are said one at a time in the order they were called.
    func speak(_ utterance: Utterance) async -> UtteranceOutcome
    /// Stops, as soon as the sink allows, every utterance numbered `number` or lower — the one playing and any
    /// already waiting. Returns at once; safe from any thread.
    func interrupt(through number: Int)
    /// Waits until everything handed to the sink has been heard.
    func drain() async
    /// The file utterance `number` will be written to, when the engine writes files.
    func file(forUtterance number: Int) -> String?
}
