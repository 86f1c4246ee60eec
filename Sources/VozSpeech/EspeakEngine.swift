import Foundation
import Synchronization
import VozAnnouncer

/// Speech through libespeak-ng, in-process: synchronous synthesis on the library's one serial queue, samples
/// handed to an `AudioSink` (a sound server, WAV files, or a recorder).
///
/// Interruption sets an atomic mark that the synth callback reads between buffers and answers with "stop", and
/// tells the sink at once, so that a write waiting on the device returns; the sink then drops what it holds.
/// eSpeak NG's own `espeak_Cancel` is never used.
public final class EspeakEngine: SpeechEngine {
    /// eSpeak NG's output rate, in samples a second (22050 with its usual data).
    public let sampleRate: Int
    /// The voice and settings applied before each utterance.
    public let parameters: VoiceParameters
    /// The voice of each other language, by tag, for the parts of an utterance in it (a form's own words).
    public let languageVoices: [String: VoiceParameters]
    /// Where the samples go.
    public let sink: any AudioSink
    private let library: EspeakLibrary
    private let cancelled = CancellationMark()

    /// Starts eSpeak NG (once per process) from `dataPath` and checks that `parameters.voice` exists.
    ///
    /// - Parameter dataPath: an `espeak-ng-data` folder; `EspeakDataDirectory.prepare` makes one that also
    ///   holds Voz's voice variants. Only the first engine of a process decides it.
    ///
    /// Async because checking the voice waits its turn on the library's queue, which may be busy speaking.
    public init(
        parameters: VoiceParameters, sink: any AudioSink, dataPath: String,
        languageVoices: [String: VoiceParameters] = [:]
    ) async throws(SpeechError) {
        let library = try EspeakLibrary.shared(dataPath: dataPath)
        let known = await library.run { library.apply(parameters) }
        guard known else { throw .unknownVoice(value: parameters.voice, source: "eSpeak NG") }
        self.library = library
        self.sampleRate = library.sampleRate
        self.parameters = parameters
        self.languageVoices = languageVoices
        self.sink = sink
    }

    // MARK: - SpeechEngine

    /// Synthesises `utterance` on the library's queue, each part in its language's voice, into the sink; returns when
    /// it is all written or was interrupted.
    public func speak(_ utterance: Utterance) async -> UtteranceOutcome {
        let (library, sink, parameters, cancelled, rate) = (library, sink, parameters, cancelled, sampleRate)
        let voices = languageVoices
        return await library.run {
            let file = sink.file(forUtterance: utterance.number)
            guard !cancelled.covers(utterance.number) else {
                return UtteranceOutcome(number: utterance.number, samples: 0, interrupted: true, file: nil)
            }
            guard library.apply(parameters), (try? sink.begin(utterance: utterance.number, sampleRate: rate)) != nil
            else {
                return UtteranceOutcome(number: utterance.number, samples: 0, interrupted: true, file: nil)
            }
            let job = SynthJob(number: utterance.number, sink: sink) { cancelled.covers($0) }
            for part in utterance.parts where !job.stopped {
                // A part in another language is said with its voice; one eSpeak NG lacks, with the engine's.
                let voice = part.language.flatMap { voices[$0] }
                if voice.map(library.apply) != true { _ = library.apply(parameters) }
                library.synthesize(part.text, job: job)
            }
            let interrupted = job.stopped || cancelled.covers(utterance.number)
            sink.end(interrupted: interrupted)
            return UtteranceOutcome(
                number: utterance.number, samples: job.samples, interrupted: interrupted, file: file)
        }
    }

    /// Marks every utterance up to `number` as cut and tells the sink at once; synthesis stops at its next buffer.
    public func interrupt(through number: Int) {
        cancelled.raise(to: number)
        // The callback reads the mark only between eSpeak NG's buffers of about 50 ms; a sink paced like a
        // device would hold the queue that long, so it is told at once, from here.
        sink.interrupt(through: number)
    }

    /// Waits, after what is queued, until the sink has played everything written.
    public func drain() async {
        let sink = sink
        await library.run { sink.drain() }
    }

    /// The file the sink writes utterance `number` to, if it writes files.
    public func file(forUtterance number: Int) -> String? {
        sink.file(forUtterance: number)
    }

    // MARK: - eSpeak NG's voices

    /// eSpeak NG's own voices, as `espeak_ListVoices` reports them.
    public func espeakVoices() async -> [EspeakVoice] {
        let library = library
        return await library.run { library.listVoices() }
    }
}

/// The highest utterance number interrupted so far, readable from the synth callback without a lock.
final class CancellationMark: Sendable {
    private let through = Atomic<Int>(0)

    func covers(_ number: Int) -> Bool { number <= through.load(ordering: .acquiring) }

    func raise(to number: Int) {
        var current = through.load(ordering: .relaxed)
        while current < number {
            let (exchanged, original) = through.compareExchange(
                expected: current, desired: number, ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = original
        }
    }
}
