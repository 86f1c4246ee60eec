import Dispatch
import Synchronization

extension ScreenReplay {
    /// From how many events a replay runs on two cores: below it, starting a thread costs more than it saves.
    static let pipelinedEvents = 2_048

    /// `replay` on two cores: this thread feeds the emulator, and hands its log over a stretch at a time to a
    /// thread that turns it into the timeline. libvterm's parsing is about two thirds of a replay and cannot be
    /// split; the rest (rows made text and compared, the output scanner, the timeline's events) runs beside it.
    /// What each side does is what `replay` does on one thread, in the same order, so the timeline is the same.
    static func pipelined(_ recording: CastRecording) -> ScreenTimeline {
        let channel = LogChannel()
        DispatchQueue.global(qos: .userInitiated).async {
            var reader = Replayer(recording)
            // Each stretch is this loop's alone once received, so emptying it keeps its buffers for the next one.
            while var log = channel.receive() {
                reader.read(log, of: recording.events)
                log.removeAll()
                channel.recycle(log)
            }
            channel.finish(with: reader.finish())
        }
        var driver = ReplayDriver(recording)
        for (index, event) in recording.events.enumerated() {
            driver.play(event, index: index)
            if driver.logIsFull { channel.send(driver.takeLog(leaving: channel.emptyLog())) }
        }
        driver.finish()
        channel.send(driver.takeLog())
        channel.close()
        return channel.timeline() ?? ScreenTimeline(path: recording.path, width: 0, height: 0)
    }
}

/// Stretches of an emulator's log on their way to the thread that reads them, in order, at most `capacity` at a
/// time (the feeding side waits for the reading side rather than piling up memory); read ones come back emptied,
/// to be written again; and the timeline the reading side makes of them, coming back.
private final class LogChannel: Sendable {
    private struct State {
        var sent: [ScreenLog] = []
        var emptied: [ScreenLog] = []
        var timeline: ScreenTimeline?
    }

    private let state = Mutex(State())
    /// Signalled once for each stretch sent and once when no more will come.
    private let available = DispatchSemaphore(value: 0)
    /// Room for stretches sent and not yet read.
    private let room: DispatchSemaphore
    private let finished = DispatchSemaphore(value: 0)

    init(capacity: Int = 3) {
        room = DispatchSemaphore(value: capacity)
    }

    func send(_ log: ScreenLog) {
        room.wait()
        state.withLock { $0.sent.append(log) }
        available.signal()
    }

    /// No more stretches will be sent.
    func close() {
        available.signal()
    }

    /// The next stretch, waiting for it; nil once the channel is closed and every stretch was read.
    func receive() -> ScreenLog? {
        available.wait()
        let log: ScreenLog? = state.withLock { $0.sent.isEmpty ? nil : $0.sent.removeFirst() }
        if log != nil { room.signal() }
        return log
    }

    /// A stretch read and emptied, to be written again.
    func recycle(_ log: ScreenLog) {
        state.withLock { $0.emptied.append(log) }
    }

    /// The reading side's timeline, once it has read every stretch.
    func finish(with timeline: ScreenTimeline) {
        state.withLock { $0.timeline = timeline }
        finished.signal()
    }

    /// The timeline, waiting for the reading side to finish it.
    func timeline() -> ScreenTimeline? {
        finished.wait()
        return state.withLock { $0.timeline }
    }

    /// An emptied stretch to write on, or a new one.
    func emptyLog() -> ScreenLog {
        state.withLock { $0.emptied.popLast() } ?? ScreenLog()
    }
}
