import Synchronization
import VozAnnouncer

/// The utterance a sink is playing and the highest one it was told to cut, shared by the engine's executor and
/// the interrupting thread without a lock.
///
/// eSpeak NG hands its callback about 50 ms of audio at a time, whatever buffer length it is asked for (1.51
/// measured: 20 ms and 40 ms both give 1081 samples at 22050 Hz), and a sink paced like a device holds that
/// thread for as long as the buffer plays. A sink that checks this mark while it waits, or between small pieces
/// of a buffer, stops within one piece instead.
final class UtteranceCut: Sendable {
    private let through = CancellationMark()
    /// Nothing is playing before the first `begin`, so nothing counts as cut.
    private let playing = Atomic<Int>(Int.max)

    /// Called by the sink's `begin`, on the engine's executor.
    func begin(_ number: Int) {
        playing.store(number, ordering: .releasing)
    }

    /// Marks every utterance up to `number` as cut; true when that includes the one playing now.
    @discardableResult
    func cut(through number: Int) -> Bool {
        through.raise(to: number)
        return isCut
    }

    /// Whether the utterance playing now has been cut.
    var isCut: Bool {
        through.covers(playing.load(ordering: .acquiring))
    }
}
