import Foundation

/// Replays a recording through the terminal emulator and derives what a screen reader meets: the
/// `ScreenTimeline` the recording rules read.
public enum ScreenReplay {
    /// How long after the first output that follows an input the program's output still counts as its answer to
    /// that key (a loaded machine may answer late; the answer starts with the first output, however late).
    static let answerWindow = 500

    // The largest screen replayed: a recording made wider or taller is replayed at this size and the audit says
    // so. Every full redraw costs the screen's size; a 1000 by 1000 screen made a 3 KB recording take 30 seconds.
    /// The most columns replayed; a wider recording is replayed this wide, and the audit says so.
    public static let maximumColumns = 300
    /// The most rows replayed; a taller recording is replayed this tall, and the audit says so.
    public static let maximumRows = 120

    /// `text.hasPrefix(prefix)`, decided on the bytes when the first difference is between ASCII bytes (a
    /// progress bar's digits), where no Character can span it; otherwise by String's own comparison.
    static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        var text = text
        var prefix = prefix
        let known: Bool? = text.withUTF8 { whole in
            prefix.withUTF8 { start in
                let index = ScreenRow.firstDifference(whole, start)
                if index == start.count {
                    // A byte prefix: one in Characters too unless what follows joins the last character (a
                    // combining mark, or LF after CR).
                    if index == whole.count { return true }
                    let next = whole[index]
                    return next < 0x80 && !(next == 0x0A && index > 0 && start[index - 1] == 0x0D) ? true : nil
                }
                if index == whole.count { return start[index] < 0x80 ? false : nil }
                return whole[index] < 0x80 && start[index] < 0x80 ? false : nil
            }
        }
        return known ?? text.hasPrefix(prefix)
    }

    /// Replays `recording` from its first event to its last. A long recording is replayed on two cores: the
    /// emulator on this thread, and what its log says of the screen (the rows as text, what changed, the timeline)
    /// on another, a stretch of events behind. The timeline is the same either way.
    public static func replay(_ recording: CastRecording) -> ScreenTimeline {
        if recording.events.count >= pipelinedEvents, ProcessInfo.processInfo.activeProcessorCount > 1 {
            return pipelined(recording)
        }
        return sequential(recording)
    }

    /// `replay` on this thread alone: the emulator's log read a stretch at a time as it fills.
    static func sequential(_ recording: CastRecording) -> ScreenTimeline {
        var driver = ReplayDriver(recording)
        var reader = Replayer(recording)
        for (index, event) in recording.events.enumerated() {
            driver.play(event, index: index)
            if driver.logIsFull {
                reader.read(driver.takeLog(), of: recording.events)
            }
        }
        driver.finish()
        reader.read(driver.takeLog(), of: recording.events)
        return reader.finish()
    }

    /// The size a recording is replayed at: its own, within the replayed maximum. libvterm 0.1.4 segfaults on a
    /// wide character in a one-column screen: two columns is the least replayed.
    static func replayedSize(_ recording: CastRecording) -> (columns: Int, rows: Int) {
        (min(max(2, recording.width), maximumColumns), min(max(1, recording.height), maximumRows))
    }

    /// The size an `r` event (`COLSxROWS`) asks for, within the replayed maximum; nil when it is no size.
    static func requestedSize(_ data: String) -> (columns: Int, rows: Int)? {
        parsedSize(data).map { (min(max(2, $0.columns), maximumColumns), min($0.rows, maximumRows)) }
    }

    /// The size an `r` event (`COLSxROWS`) names, as recorded; nil when it is no size.
    static func parsedSize(_ data: String) -> (columns: Int, rows: Int)? {
        let parts = data.split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let columns = parts[0], let rows = parts[1], columns > 0, rows > 0 else { return nil }
        return (columns, rows)
    }
}

/// The replay's feeding side: the emulator fed each event, its log taken a stretch at a time by the reading side
/// (`Replayer`).
struct ReplayDriver {
    let emulator: TerminalEmulator
    /// A resize not yet made: consecutive resizes (a window dragged) cost the screen once, at the next output.
    private var pendingSize: (columns: Int, rows: Int)?

    init(_ recording: CastRecording) {
        let (columns, rows) = ScreenReplay.replayedSize(recording)
        emulator = TerminalEmulator(rows: rows, columns: columns)
    }

    /// Feeds one event: output to the emulator, then the rows it changed; an input's cursor; a resize asked for.
    mutating func play(_ event: CastRecording.Event, index: Int) {
        switch event.code {
        case "o":
            applyResize()
            emulator.feed(event.data)
            emulator.logChangedRows()
        case "i":
            applyResize()
            let cursor = emulator.cursor
            emulator.log.entries.append(.cursor(row: cursor.row, column: cursor.column, view: emulator.view))
        case "r": if let size = ScreenReplay.requestedSize(event.data) { pendingSize = size }
        default: break
        }
        emulator.log.entries.append(.done(index))
    }

    mutating func finish() {
        applyResize()
        emulator.log.entries.append(.end(view: emulator.view))
    }

    /// Whether the log holds a stretch worth handing over.
    var logIsFull: Bool { emulator.log.entries.count >= 1_024 || emulator.log.cells.count >= 16_384 }

    /// The log so far, the emulator left with `next` (an emptied one, to reuse its buffers) to write on.
    mutating func takeLog(leaving next: ScreenLog = ScreenLog()) -> ScreenLog {
        var log = next
        swap(&log, &emulator.log)
        return log
    }

    private mutating func applyResize() {
        guard let size = pendingSize else { return }
        pendingSize = nil
        emulator.resize(rows: size.rows, columns: size.columns)
    }
}
