import Foundation
import Synchronization
import VozAnnouncer

/// Speech through the user's speech-dispatcher: one queue shared with the screen reader and the rest of the
/// desktop, in the user's own module and voice.
///
/// Priorities follow SSIP, where every client shares one queue and Orca speaks at `message`: a polite message is
/// a `message`, queued with the screen reader's; an assertive one first cancels what Voz itself is saying
/// (`spd_cancel` of Voz's own connection), then is a `message`; long reading the user asked for (`:ayuda`,
/// `:revisar`) is `text`, which the user's next navigation cancels. Never `important`, which would cut the
/// screen reader and cannot be interrupted, and never `cancel_all` or `stop_all`, which would silence other
/// programs. Each message is sent once the one before has ended, so Voz's own queue (and its interruptions)
/// stays in the announcer.
public final class SpeechdEngine: SpeechEngine {
    /// speech-dispatcher plays the audio itself; Voz hands over no samples.
    public let sampleRate = 0
    private let connection: SpeechdConnection
    private let cancelled = CancellationMark()
    private let lostNotice: String
    /// Utterance number → message id, for messages sent and not yet finished.
    private let inFlight = Mutex<[Int: Int]>([:])

    /// What Voz asks of speech-dispatcher; anything nil is left as the user configured it.
    public struct Settings: Sendable, Equatable {
        /// The form's language (`es`, `en`).
        public var language: String
        /// Words per minute, when the user set a rate.
        public var rate: Int?
        /// An output module or a synthesis voice, when the user asked for one with `--voice`.
        public var voice: String?
        /// Where `voice` came from, for the error when it names nothing.
        public var voiceSource: String

        /// Settings for `language`, with the user's rate and voice when set; `voiceSource` names where the voice came
        /// from.
        public init(language: String, rate: Int? = nil, voice: String? = nil, voiceSource: String = "--voice") {
            self.language = language
            self.rate = rate
            self.voice = voice
            self.voiceSource = voiceSource
        }
    }

    /// Connects to the speech-dispatcher `environment` names (`SPEECHD_ADDRESS`, or the user's default socket)
    /// and applies `settings`.
    ///
    /// - Parameters:
    ///   - autospawn: let speech-dispatcher start itself, as it does for its own clients, when the address is its
    ///     default; `--speech auto` passes false, since it asks what is already running.
    ///   - lostNotice: the one line said when the server goes away mid-session (already localized).
    /// - Throws: `SpeechError.speechdUnavailable` when no server answers; `.unknownVoice` when `settings.voice` is
    ///   neither a module nor a voice of the server.
    public init(
        settings: Settings, environment: [String: String], autospawn: Bool, lostNotice: String
    ) async throws(SpeechError) {
        guard let address = SpeechdConnection.Address(environment: environment) else {
            throw .speechdUnavailable(detail: "SPEECHD_ADDRESS names no known method")
        }
        let connection = try SpeechdConnection(
            address: address, autospawn: autospawn && address.isDefault, events: SpeechdEvents())
        Self.ignoreBrokenPipes()
        self.connection = connection
        self.lostNotice = lostNotice
        _ = await connection.setLanguage(settings.language)
        if let rate = settings.rate { _ = await connection.setRate(Self.ssipRate(wordsPerMinute: rate)) }
        if let voice = settings.voice {
            if await connection.outputModules().contains(voice) {
                _ = await connection.setOutputModule(voice)
            } else if await connection.synthesisVoices().contains(where: { $0.name == voice }) {
                _ = await connection.setSynthesisVoice(voice)
            } else {
                connection.close()
                throw .unknownVoice(value: voice, source: settings.voiceSource)
            }
        }
        guard !connection.events.isLost else { throw .speechdUnavailable(detail: "the server hung up") }
    }

    deinit {
        connection.close()
    }

    // MARK: - Rate

    /// Words per minute → SSIP rate, −100…100, inverting speech-dispatcher's eSpeak NG module with Debian's
    /// settings (`EspeakMinRate 80`, `EspeakNormalRate 170`, `EspeakMaxRate 449`): 80 wpm is −100, 170 is 0,
    /// 449 and faster is 100. Linear on each side of 170, as the module is.
    public static func ssipRate(wordsPerMinute words: Int) -> Int {
        let (minimum, normal, maximum) = (80, 170, 449)
        let rate: Double =
            words < normal
            ? Double(words - normal) * 100 / Double(normal - minimum)
            : Double(words - normal) * 100 / Double(maximum - normal)
        return min(100, max(-100, Int(rate.rounded())))
    }

    // MARK: - SpeechEngine

    /// Sends `utterance` to speech-dispatcher (optional reading at `text` priority, the rest as messages) and waits
    /// until it is said, cancelled or the server is gone.
    public func speak(_ utterance: Utterance) async -> UtteranceOutcome {
        let number = utterance.number
        guard !cancelled.covers(number) else { return outcome(number, .cancelled, began: false) }
        guard !connection.events.isLost else { return outcome(number, .lost, began: false) }
        let priority: SpeechdPriority = utterance.isOptionalReading ? .text : .message
        guard let id = await connection.say(utterance.text, priority: priority) else {
            if connection.events.isLost || connection.hasHungUp {
                connection.events.lose()
                return outcome(number, .lost, began: false)
            }
            return outcome(number, .cancelled, began: false)
        }
        inFlight.withLock { $0[number] = id }
        // An interruption whose cancel reached the server before this message did.
        if cancelled.covers(number) { await connection.cancelOwn() }
        let finish = await connection.events.wait(for: id)
        inFlight.withLock { $0[number] = nil }
        return outcome(number, finish.kind, began: finish.began)
    }

    /// Cancels this client's messages up to `number`; returns at once.
    public func interrupt(through number: Int) {
        cancelled.raise(to: number)
        connection.cancelOwnSoon()
        // speech-dispatcher reports a cancelled message; should it not, the wait ends anyway.
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { [self] in
            let stale = inFlight.withLock { $0.filter { $0.key <= number }.map(\.value) }
            for id in stale { connection.events.forget(id) }
        }
    }

    /// Nothing to wait for: speech-dispatcher plays what it was sent after Voz exits.
    public func drain() async {}

    /// Nil: speech-dispatcher writes no files.
    public func file(forUtterance number: Int) -> String? { nil }

    // MARK: - What the server offers

    /// speech-dispatcher's output modules, for `voz voices`.
    public func outputModules() async -> [String] {
        await connection.outputModules()
    }

    private func outcome(_ number: Int, _ kind: SpeechdEvents.Finish.Kind, began: Bool) -> UtteranceOutcome {
        UtteranceOutcome(
            number: number, samples: 0, interrupted: kind != .ended, file: nil, began: began,
            lostNotice: kind == .lost ? lostNotice : nil)
    }

    /// libspeechd writes to its socket with `write`, which raises SIGPIPE once the server is gone; that must end
    /// speech, not the program.
    private static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
}
