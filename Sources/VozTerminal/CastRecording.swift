import Foundation
import VozLocalization

/// A terminal recording in asciicast, the format asciinema writes. Version 2 (asciinema 2, and `voz record`): a JSON
/// header line, then one `[seconds, code, data]` event a line. Version 3 (asciinema 3): the size in the header's
/// `term`, each event's time since the one before, `#` comment lines. Version 1 (asciinema 1): one JSON object whose
/// `stdout` holds `[delay, data]` frames. Codes: `o` output, `i` input, `r` a resize to `COLSxROWS`, `x` the exit
/// status, `m` a marker; others are kept and ignored. Times are kept since the start whatever the version.
///
/// Voz adds one header field of its own, `voz_input_echo`: one boolean an `i` event, in order, saying whether the
/// terminal echoed typed characters (termios `ECHO`) when that input was sent. asciinema ignores it; recordings
/// without it leave echo unknown. A second, `voz_output_cut`, is true when the program wrote more than the recorder
/// keeps (`TerminalRecorder.outputLimit`): the recording stops there, and the audit says the rest was not checked.
/// A third, `voz_exit_status`, is the program's exit status in a v2 file, which has no event for it (v3 writes its
/// `x` event instead): written only when the program ended by itself.
public struct CastRecording: Sendable, Equatable {
    /// One event line.
    public struct Event: Sendable, Equatable {
        /// Seconds since the recording started.
        public var time: Double
        /// `o` for output, `i` for input.
        public var code: String
        /// What was written or typed, as text.
        public var data: String
        /// 1-based line of the file the event is on.
        public var line: Int

        /// An event `time` seconds in with `code` and `data`, on `line` of its file (0 when it has none).
        public init(time: Double, code: String, data: String, line: Int = 0) {
            self.time = time
            self.code = code
            self.data = data
            self.line = line
        }

        /// Milliseconds since the recording started.
        public var milliseconds: Int { Int((time * 1000).rounded()) }

        /// Microseconds since the recording started, the precision asciicast files are written in.
        public var microseconds: Int { Int((time * 1_000_000).rounded()) }
    }

    /// The file's path, as findings name it.
    public var path: String
    /// The terminal's width in columns, from the header.
    public var width: Int
    /// The terminal's height in rows, from the header.
    public var height: Int
    /// Unix time the recording started, when known.
    public var timestamp: Int?
    /// The environment recorded in the header (`TERM`, `SHELL`).
    public var environment: [String: String]
    /// Whether the terminal echoed at each input event, in order; empty when the recorder did not say.
    public var inputEcho: [Bool]
    /// The event lines, in order, their times since the start whatever the version.
    public var events: [Event]
    /// The asciicast version the file was written in: 1, 2 or 3.
    public var version = 2
    /// Whether the program wrote more than was recorded: the recording stops at its last event.
    public var outputCut = false
    /// The program's exit status when it ended by itself, as `voz record` saw it: a v2 header's `voz_exit_status`,
    /// written by v3 as an `x` event after the last one. nil when the recording does not say.
    public var exitStatus: Int?

    /// A recording of a `width` by `height` terminal; `load` and `parse` read one from asciicast.
    public init(
        path: String, width: Int, height: Int, timestamp: Int? = nil, environment: [String: String] = [:],
        inputEcho: [Bool] = [], events: [Event] = []
    ) {
        self.path = path
        self.width = width
        self.height = height
        self.timestamp = timestamp
        self.environment = environment
        self.inputEcho = inputEcho
        self.events = events
    }

    /// The name of Voz's header field.
    public static let echoField = "voz_input_echo"
    /// The name of Voz's header field that says the output was cut.
    public static let cutField = "voz_output_cut"
    /// The name of Voz's header field that holds a v2 recording's exit status.
    public static let exitField = "voz_exit_status"
}

/// Why a recording could not be read or made.
public enum RecordingError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read; `reason` is the system's.
    case unreadable(path: String, reason: String)
    /// The file starts with no asciicast header: not version 2 or 3's first line, nor version 1's object.
    case badHeader(path: String)
    /// A line is not a `[time, code, data]` event.
    case badEvent(path: String, line: Int)

    /// The sentence in English.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "The recording \(path) could not be read: \(reason)."
        case .badHeader(let path):
            return
                "The recording \(path) does not start with an asciicast version 2 header, nor a version 3 or 1 one."
        case .badEvent(let path, let line): return "Line \(line) of the recording \(path) is not an asciicast event."
        }
    }

    /// The same sentence from the catalog, in `localizer`'s language.
    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .unreadable(let path, _): return localizer.text("audit.error.recordingUnreadable", ["file": path])
        case .badHeader(let path): return localizer.text("audit.error.recordingBadHeader", ["file": path])
        case .badEvent(let path, let line):
            return localizer.text("audit.error.recordingBadEvent", ["file": path, "line": String(line)])
        }
    }
}
