import Foundation
import VozProcess
import VozSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a command under a pseudo-terminal (openpty), drives it with a key script, and records what it writes
/// and what was typed as an asciicast v2 recording, with the terminal's echo state at each input.
///
/// Bounded everywhere: every wait has a deadline, at most `outputLimit` bytes of output are recorded, the child and
/// everything it started (its whole session) are stopped at the end, and the child is always reaped.
public struct TerminalRecorder: Sendable {
    /// The pseudo-terminal's width in columns, also given to the program as `COLUMNS`.
    public var columns: Int
    /// The pseudo-terminal's height in rows, also given to the program as `LINES`.
    public var rows: Int
    /// The whole recording's time limit.
    public var timeout: Duration
    /// How long the output must stay quiet, after the last step, before the program is hung up on.
    public var settle: Duration = .seconds(2)
    /// The most output recorded, in bytes. A program that writes more (`yes`, a log scrolling without end) is
    /// recorded up to there and no further: the recording says it was cut, and its replay stays small. Replaying
    /// a screen that scrolls costs about a hundred bytes of memory a byte of output.
    public var outputLimit = Self.defaultOutputLimit

    /// 512 KB: a form's whole run is a few kilobytes; a full-screen program redrawing its screen at each key has
    /// room for hundreds of keys.
    public static let defaultOutputLimit = 512 * 1024

    /// A recorder of an 80 by 24 terminal with a 30-second limit, unless told otherwise.
    public init(columns: Int = 80, rows: Int = 24, timeout: Duration = .seconds(30)) {
        self.columns = columns
        self.rows = rows
        self.timeout = timeout
    }

    /// What a recording run gave.
    public struct Outcome: Sendable {
        /// What the program wrote and was sent, with the echo state at each input.
        public var recording: CastRecording
        /// The script step that was still waiting when time ran out, or when the program ended first.
        public var timedOut: Stop?
        /// The child's exit status, or 128 + signal.
        public var status: Int32
        /// How many events were recorded, kept in `recording` or not.
        public var eventCount: Int
        /// The time of the last event recorded, in seconds since the start.
        public var duration: Double
        /// Whether the program ended by itself, not hung up on after the script nor stopped at the time limit: its
        /// `status` is its own, and the recording says it.
        public var exitedByItself: Bool
    }

    /// The step a recording stopped at, waiting in vain.
    public struct Stop: Sendable {
        /// The 1-based line of the key script.
        public var line: Int
        /// The step as written (`expect Password:`, `wait-exit`).
        public var step: String
        /// What it waited for: an `expect`'s text, or the program's end.
        public var awaited: KeyScript.Step
        /// How long the step waited, in seconds.
        public var waited: Double
        /// Whether the program had ended: an `expect` that can no longer match.
        public var programEnded: Bool
    }

    /// Why a command could not be recorded at all.
    public enum StartError: Error, Equatable, CustomStringConvertible {
        /// The program is not on `PATH`.
        case notFound(String)
        /// A system call failed; its name is given.
        case system(String)

        /// The reason in English.
        public var description: String {
            switch self {
            case .notFound(let command): return "\(command) was not found on PATH"
            case .system(let call): return "\(call) failed"
            }
        }
    }

    /// Records `command` (program and arguments) driven by `script`. `environment` is the child's whole environment;
    /// TERM is set to xterm-256color unless it holds one. Each event is handed to `writer` as it comes; the
    /// recording returned holds the events only when `keepingEvents` (a recording saved and not replayed needs
    /// none in memory). The writer is not finished: the caller does that with the recording's header.
    public func record(
        _ command: [String], script: KeyScript, environment: [String: String], path: String,
        writer: CastFileWriter? = nil, keepingEvents: Bool = true
    ) throws(StartError) -> Outcome {
        var environment = environment
        if environment["TERM"] == nil { environment["TERM"] = "xterm-256color" }
        environment["COLUMNS"] = String(columns)
        environment["LINES"] = String(rows)
        let child = try RunningProcess.recorded(command, environment: environment, columns: columns, rows: rows)
        var session = RecordingSession(child: child, deadline: .now + timeout, settle: settle)
        session.outputLimit = outputLimit
        session.keepingEvents = keepingEvents
        session.writer = writer
        let timedOut = session.run(script)
        let exitedByItself = session.exited
        let status = child.finish()
        var recording = CastRecording(
            path: path, width: columns, height: rows, timestamp: Int(Date().timeIntervalSince1970),
            environment: ["TERM": environment["TERM"] ?? "", "SHELL": environment["SHELL"] ?? "/bin/sh"],
            inputEcho: session.echoes, events: session.events)
        recording.outputCut = session.cut
        // A program that ended by itself has its status recorded (a silent failed exit is a finding); one hung up
        // on when the script was done, or stopped at the limit, has none of its own.
        if exitedByItself, timedOut == nil, status < 128 { recording.exitStatus = Int(status) }
        return Outcome(
            recording: recording, timedOut: timedOut, status: status, eventCount: session.eventCount,
            duration: session.lastEventTime, exitedByItself: exitedByItself)
    }
}
