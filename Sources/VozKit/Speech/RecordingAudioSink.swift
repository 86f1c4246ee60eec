import Dispatch
import Foundation
import Synchronization

/// Keeps every utterance's samples in memory with the time each chunk arrived: for tests and `make bench`.
///
/// With `realTime`, `write` waits so that audio is taken no faster than it would be played, the way a sound
/// device paces a synthesiser; that makes interruption measurable without one. Like a device written in small
/// pieces, the wait ends as soon as the utterance is interrupted.
public final class RecordingAudioSink: AudioSink {
    /// One utterance as the sink received it.
    public struct Recording: Sendable {
        public var number: Int
        public var sampleRate: Int
        public var samples: [Int16] = []
        public var began: ContinuousClock.Instant
        /// When the first sample arrived.
        public var firstSample: ContinuousClock.Instant?
        /// When each chunk arrived, with the sample count before it.
        public var chunks: [(at: ContinuousClock.Instant, offset: Int)] = []
        public var ended: ContinuousClock.Instant?
        public var interrupted = false

        /// Samples that arrived at or after `instant`.
        public func samples(after instant: ContinuousClock.Instant) -> Int {
            guard let first = chunks.first(where: { $0.at >= instant }) else { return 0 }
            return samples.count - first.offset
        }
    }

    private struct State {
        var recordings: [Recording] = []
        var paceStart: ContinuousClock.Instant?
        var pacedSamples = 0
    }

    public let realTime: Bool
    private let state = Mutex(State())
    private let cut = UtteranceCut()
    /// Signalled by `interrupt` to end a pacing wait early.
    private let waker = DispatchSemaphore(value: 0)

    public init(realTime: Bool = false) {
        self.realTime = realTime
    }

    /// Everything received so far, in order.
    public var recordings: [Recording] { state.withLock { $0.recordings } }

    // MARK: - AudioSink

    public func begin(utterance number: Int, sampleRate: Int) throws(SpeechError) {
        // A wake-up meant for an earlier utterance must not cut this one's first wait short.
        while waker.wait(timeout: .now()) == .success {}
        cut.begin(number)
        let now = ContinuousClock.now
        state.withLock { $0.recordings.append(Recording(number: number, sampleRate: sampleRate, began: now)) }
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) -> Bool {
        guard !cut.isCut else { return false }
        let now = ContinuousClock.now
        let ahead: Duration = state.withLock { state in
            guard let last = state.recordings.indices.last else { return .zero }
            if state.recordings[last].firstSample == nil { state.recordings[last].firstSample = now }
            state.recordings[last].chunks.append((now, state.recordings[last].samples.count))
            state.recordings[last].samples.append(contentsOf: samples)
            guard realTime else { return .zero }
            let start = state.paceStart ?? now
            state.paceStart = start
            state.pacedSamples += samples.count
            let rate = Double(state.recordings[last].sampleRate)
            let played = Duration.seconds(Double(state.pacedSamples) / rate)
            if played - (now - start) < .zero {
                // The "device" ran dry while nothing was said; playback starts again from now.
                state.paceStart = now
                state.pacedSamples = samples.count
                return Duration.seconds(Double(samples.count) / rate)
            }
            return played - (now - start)
        }
        // A device lets about one chunk run ahead of what is heard; wait off the rest, unless interrupted.
        if ahead > .milliseconds(20) {
            let nanoseconds = Int((ahead - .milliseconds(20)).seconds * 1e9)
            _ = waker.wait(timeout: .now() + .nanoseconds(nanoseconds))
        }
        return !cut.isCut
    }

    public func end(interrupted: Bool) {
        let now = ContinuousClock.now
        state.withLock { state in
            guard let last = state.recordings.indices.last else { return }
            state.recordings[last].ended = now
            state.recordings[last].interrupted = interrupted
            if interrupted {
                state.paceStart = nil
                state.pacedSamples = 0
            }
        }
    }

    public func drain() {}

    public func file(forUtterance number: Int) -> String? { nil }

    public func interrupt(through number: Int) {
        if cut.cut(through: number) { waker.signal() }
    }
}

extension Duration {
    /// The duration in seconds as a Double.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
