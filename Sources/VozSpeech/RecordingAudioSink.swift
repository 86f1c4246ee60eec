import Dispatch
import Foundation
import Synchronization
import VozAnnouncer
import VozSupport

/// Keeps every utterance's samples in memory with the time each chunk arrived: for tests and `make bench`.
///
/// With `realTime`, `write` waits so that audio is taken no faster than it would be played, the way a sound
/// device paces a synthesiser; that makes interruption measurable without one. Like a device written in small
/// pieces, the wait ends as soon as the utterance is interrupted.
///
/// Times are read, and the pace waited out, on the sink's clock: the wall clock, or a test's manual clock, on which
/// an interruption is seen to the sample.
package final class RecordingAudioSink: AudioSink {
    /// One utterance as the sink received it. Every time is on the sink's clock, counted from when the sink was made
    /// (as `now` is).
    package struct Recording: Sendable {
        package var number: Int
        package var sampleRate: Int
        package var samples: [Int16] = []
        package var began: Duration
        /// When the first sample arrived.
        package var firstSample: Duration?
        /// When each chunk arrived, with the sample count before it.
        package var chunks: [(at: Duration, offset: Int)] = []
        package var ended: Duration?
        package var interrupted = false

        /// Samples that arrived at or after `instant`.
        package func samples(after instant: Duration) -> Int {
            guard let first = chunks.first(where: { $0.at >= instant }) else { return 0 }
            return samples.count - first.offset
        }
    }

    private struct State {
        var recordings: [Recording] = []
        var paceStart: Duration?
        var pacedSamples = 0
        /// The timer of the pacing wait under way on a clock other than the wall clock, for `interrupt` to cancel.
        var pacing: Task<Void, Never>?
    }

    package let realTime: Bool
    private let state = Mutex(State())
    private let cut = UtteranceCut()
    /// Signalled by `interrupt` to end a pacing wait early.
    private let waker = DispatchSemaphore(value: 0)
    private let stopwatch: Stopwatch

    /// - Parameter clock: what the times are read on and the pace is waited out on.
    package init(realTime: Bool = false, clock: any Clock<Duration> = ContinuousClock()) {
        self.realTime = realTime
        self.stopwatch = Stopwatch(clock)
    }

    /// Everything received so far, in order.
    package var recordings: [Recording] { state.withLock { $0.recordings } }

    /// The sink's clock now, counted as the recordings' times are.
    package var now: Duration { stopwatch.elapsed }

    // MARK: - AudioSink

    package func begin(utterance number: Int, sampleRate: Int) throws(SpeechError) {
        // A wake-up meant for an earlier utterance must not cut this one's first wait short.
        while waker.wait(timeout: .now()) == .success {}
        cut.begin(number)
        let now = stopwatch.elapsed
        state.withLock { $0.recordings.append(Recording(number: number, sampleRate: sampleRate, began: now)) }
    }

    package func write(_ samples: UnsafeBufferPointer<Int16>) -> Bool {
        guard !cut.isCut else { return false }
        let now = stopwatch.elapsed
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
        if ahead > .milliseconds(20) { pause(ahead - .milliseconds(20)) }
        return !cut.isCut
    }

    package func end(interrupted: Bool) {
        let now = stopwatch.elapsed
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

    package func drain() {}

    package func file(forUtterance number: Int) -> String? { nil }

    package func interrupt(through number: Int) {
        guard cut.cut(through: number) else { return }
        waker.signal()
        // Cancelled here, not by the woken thread: the sleep leaves the clock before the interrupt returns.
        state.withLock { $0.pacing }?.cancel()
    }

    // MARK: - Pacing

    /// Blocks the engine's thread for `duration` on the sink's clock, or until the utterance is interrupted.
    private func pause(_ duration: Duration) {
        // On the wall clock the wait is the semaphore's own timeout, as a device's blocking write is: a task for
        // each chunk would wake late whenever the pool's threads are busy, and pace the audio slower than played.
        if stopwatch.clock is ContinuousClock {
            _ = waker.wait(timeout: .now() + .nanoseconds(Int(duration.seconds * 1e9)))
            return
        }
        // Any other clock is slept on by a task, which wakes this thread when it ends, slept or cancelled.
        let woken = DispatchSemaphore(value: 0)
        let stopwatch = stopwatch
        let timer = state.withLock { state in
            let timer = Task.detached { [self] in
                // Asleep only once `interrupt` can find the timer (the lock is held until then): a sleeper on the
                // clock is always one an interrupt takes off it before returning.
                self.state.withLock { _ in }
                try? await stopwatch.sleep(for: duration)
                woken.signal()
            }
            state.pacing = timer
            return timer
        }
        defer { state.withLock { $0.pacing = nil } }
        // An interrupt that came before the timer could be found cancels nothing: it is seen here instead.
        if cut.isCut { timer.cancel() }
        woken.wait()
    }
}
