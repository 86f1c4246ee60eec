import Foundation
import Synchronization
import VozTerminal

/// `voz wrap --record FILE.cast`: what the program showed, written as `voz record` writes a recording (asciicast v2,
/// each stretch of output at its time, each resize), for `voz audit --recording` and `--listen` to read later.
///
/// Only the program's output is recorded, never what the person typed: a secret typed with echo off is not on the
/// screen, so it is in no event. Bounded: past `outputLimit` bytes the recording stops and says it was cut.
public final class WrapRecorder: Sendable {
    /// The most output recorded, in bytes: an hour of a busy build, not a flood written to disk without end.
    public static let outputLimit = 64 << 20

    private struct State: ~Copyable {
        var writer: CastFileWriter
        var partial: [UInt8] = []
        var written = 0
        var cut = false
        var size: (columns: Int, rows: Int)
    }

    private let state: Mutex<State>
    /// The recording's header, as far as it is known before the program ends.
    private let header: CastRecording

    /// A recording at `path` of a terminal of `columns` by `rows`; fails at once, with the writer's failure, when
    /// the file cannot be written there, before the program is started.
    public init(path: String, columns: Int, rows: Int, environment: [String: String]) throws {
        let writer = try CastFileWriter(path: path)
        state = Mutex(State(writer: writer, size: (columns, rows)))
        header = CastRecording(
            path: path, width: columns, height: rows, timestamp: Int(Date().timeIntervalSince1970),
            environment: environment.filter { $0.key == "TERM" || $0.key == "SHELL" })
    }

    /// The recording's path, as the person named it.
    public var path: String { header.path }

    /// What the program wrote at `time` since it started; a character cut in two waits for its rest.
    func output(_ bytes: [UInt8], at time: Duration) {
        state.withLock { state in
            guard !state.cut else { return }
            state.partial += bytes
            let whole = LiveScreen.completeLength(state.partial)
            guard whole > 0 else { return }
            if state.written + whole > Self.outputLimit {
                state.cut = true
                return
            }
            state.written += whole
            let text = String(decoding: state.partial[..<whole], as: UTF8.self)
            state.partial.removeFirst(whole)
            state.writer.append(CastRecording.Event(time: Self.seconds(time), code: "o", data: text))
        }
    }

    /// The program's terminal was resized to the person's window.
    func resized(columns: Int, rows: Int, at time: Duration) {
        state.withLock { state in
            guard !state.cut else { return }
            state.writer.append(CastRecording.Event(time: Self.seconds(time), code: "r", data: "\(columns)x\(rows)"))
        }
    }

    /// Puts the recording in place, with how the program ended; throws the writer's failure.
    public func finish(_ end: ProgramEnd) throws {
        var recording = header
        recording.exitStatus = Int(end.shellStatus)
        try state.withLock { state in
            recording.outputCut = state.cut
            try state.writer.finish(recording)
        }
    }

    private static func seconds(_ time: Duration) -> Double {
        Double(time.components.seconds) + Double(time.components.attoseconds) / 1e18
    }
}
