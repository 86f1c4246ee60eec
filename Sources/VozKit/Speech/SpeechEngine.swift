/// One message for an engine to say, numbered by the announcer (1, 2, …) so that an interruption can name
/// everything up to a point and a WAV file can be named before it is written.
public struct Utterance: Sendable, Equatable {
    public var number: Int
    public var text: String

    public init(number: Int, text: String) {
        self.number = number
        self.text = text
    }
}

/// What became of an utterance.
public struct UtteranceOutcome: Sendable, Equatable {
    public var number: Int
    /// Samples handed to the sink.
    public var samples: Int
    /// Whether it was cut short by an interruption (or by the sink giving up).
    public var interrupted: Bool
    /// The WAV file it went to, when the sink writes files.
    public var file: String?

    public init(number: Int, samples: Int, interrupted: Bool, file: String? = nil) {
        self.number = number
        self.samples = samples
        self.interrupted = interrupted
        self.file = file
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
