import Foundation
import VozSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a command under a pseudo-terminal (openpty), drives it with a key script, and records what it writes
/// and what was typed as an asciicast v2 recording, with the terminal's echo state at each input.
///
/// Bounded everywhere: every wait has a deadline, the child is killed when time runs out, and it is always reaped.
public struct TerminalRecorder: Sendable {
    /// The pseudo-terminal's width in columns, also given to the program as `COLUMNS`.
    public var columns: Int
    /// The pseudo-terminal's height in rows, also given to the program as `LINES`.
    public var rows: Int
    /// The whole recording's time limit.
    public var timeout: Duration
    /// How long the output must stay quiet, after the last step, before the program is hung up on.
    public var settle: Duration = .seconds(2)

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
        /// The script line and step that was still waiting when time ran out.
        public var timedOut: (line: Int, step: String)?
        /// The child's exit status, or 128 + signal.
        public var status: Int32
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
    /// TERM is set to xterm-256color unless it holds one.
    public func record(
        _ command: [String], script: KeyScript, environment: [String: String], path: String
    ) throws(StartError) -> Outcome {
        var environment = environment
        if environment["TERM"] == nil { environment["TERM"] = "xterm-256color" }
        environment["COLUMNS"] = String(columns)
        environment["LINES"] = String(rows)
        let child = try PseudoTerminalChild.spawn(command, environment: environment, columns: columns, rows: rows)
        var session = RecordingSession(child: child, deadline: .now + timeout, settle: settle)
        let timedOut = session.run(script)
        let status = child.finish()
        var recording = CastRecording(
            path: path, width: columns, height: rows, timestamp: Int(Date().timeIntervalSince1970),
            environment: ["TERM": environment["TERM"] ?? "", "SHELL": environment["SHELL"] ?? "/bin/sh"],
            inputEcho: session.echoes, events: session.events)
        // Line 1 is the header; each event is on the line after it.
        recording.events = session.events.enumerated().map { index, event in
            var event = event
            event.line = index + 2
            return event
        }
        return Outcome(recording: recording, timedOut: timedOut, status: status)
    }
}

/// The running script: reads output while it sends keys, and keeps the events.
private struct RecordingSession {
    let child: PseudoTerminalChild
    let deadline: ContinuousClock.Instant
    let settle: Duration
    let start = ContinuousClock.now
    var events: [CastRecording.Event] = []
    var echoes: [Bool] = []
    /// Output since the last matched `expect`, with escape sequences removed, for matching text.
    var unmatched = ""
    var applicationCursor = false
    var exited = false
    private var lastOutput = ContinuousClock.now
    private var pending: [UInt8] = []

    init(child: PseudoTerminalChild, deadline: ContinuousClock.Instant, settle: Duration) {
        self.child = child
        self.deadline = deadline
        self.settle = settle
    }

    /// Runs every step; returns the step still waiting when time ran out.
    mutating func run(_ script: KeyScript) -> (line: Int, step: String)? {
        for (line, step) in script.steps {
            switch step {
            case .expect(let text):
                while !matches(text) {
                    if exited || ContinuousClock.now >= deadline { return (line, "expect \(text)") }
                    pump(until: deadline)
                }
            case .type(let text): send(text)
            case .key(let name):
                send(KeyScript.bytes(forKey: name, applicationCursor: applicationCursor) ?? "")
            case .sleep(let milliseconds):
                let until = min(deadline, .now + .milliseconds(milliseconds))
                while ContinuousClock.now < until && !exited { pump(until: until) }
            case .waitExit:
                while !exited {
                    if ContinuousClock.now >= deadline { return (line, "wait-exit") }
                    pump(until: deadline)
                }
            }
        }
        // After the last step, let the program finish what it is writing, then the child is hung up on.
        var quietSince = ContinuousClock.now
        while !exited && ContinuousClock.now < deadline && ContinuousClock.now - quietSince < settle {
            if pump(until: min(deadline, quietSince + settle)) { quietSince = .now }
        }
        return nil
    }

    private mutating func matches(_ text: String) -> Bool {
        guard let range = unmatched.range(of: text) else { return false }
        unmatched = String(unmatched[range.upperBound...])
        return true
    }

    private var now: Double { (ContinuousClock.now - start).seconds }

    private mutating func send(_ text: String) {
        guard !text.isEmpty, !exited else { return }
        waitForQuiet()
        echoes.append(child.echoes)
        events.append(CastRecording.Event(time: now, code: "i", data: text))
        child.write(Array(text.utf8))
        // Typing answers a prompt: text matched before it must not match a later `expect`.
        unmatched = ""
    }

    /// Waits until the output has paused for a moment, as a person would before typing: a program that prints a
    /// prompt and then turns echo off (flushing what was typed ahead) must have done so before the keys arrive.
    private mutating func waitForQuiet() {
        let pause = Duration.milliseconds(200)
        let limit = min(deadline, ContinuousClock.now + .seconds(1))
        while !exited && ContinuousClock.now < limit && ContinuousClock.now - lastOutput < pause {
            pump(until: min(limit, lastOutput + pause))
        }
    }

    /// Waits for output until `until`; returns whether any came.
    @discardableResult
    private mutating func pump(until: ContinuousClock.Instant) -> Bool {
        let wait = max(0, min(200, Int((until - ContinuousClock.now).seconds * 1000)))
        switch child.read(waitMilliseconds: wait) {
        case .data(let bytes):
            lastOutput = .now
            pending += bytes
            // Only whole UTF-8 characters go into an event; a split character waits for its last bytes.
            let cut = Self.completeLength(pending)
            guard cut > 0 else { return true }
            let text = String(decoding: pending[..<cut], as: UTF8.self)
            pending.removeFirst(cut)
            events.append(CastRecording.Event(time: now, code: "o", data: text))
            unmatched += Self.plain(text)
            if unmatched.utf8.count > 65536 { unmatched = String(unmatched.suffix(16384)) }
            if text.contains("\u{1B}[?1h") { applicationCursor = true }
            if text.contains("\u{1B}[?1l") { applicationCursor = false }
            return true
        case .quiet:
            return false
        case .closed:
            exited = true
            return false
        }
    }

    /// The length of the longest prefix that ends on a whole UTF-8 character.
    static func completeLength(_ bytes: [UInt8]) -> Int {
        var index = bytes.count
        var back = 0
        while index > 0 && back < 4 {
            let byte = bytes[index - 1]
            if byte & 0xC0 != 0x80 {
                let needed = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return back + 1 >= needed ? bytes.count : index - 1
            }
            index -= 1
            back += 1
        }
        return bytes.count
    }

    /// Text with escape sequences and control characters removed, for `expect`.
    static func plain(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var state = 0  // 0 text, 1 after ESC, 2 CSI, 3 string (OSC)
        for scalar in text.unicodeScalars {
            switch state {
            case 1: state = scalar == "[" ? 2 : (scalar == "]" || scalar == "P") ? 3 : 0
            case 2: if (0x40...0x7E).contains(scalar.value) { state = 0 }
            case 3: if scalar == "\u{07}" || scalar == "\u{1B}" { state = scalar == "\u{1B}" ? 1 : 0 }
            default:
                if scalar == "\u{1B}" {
                    state = 1
                } else if scalar.value >= 0x20 || scalar == "\n" {
                    output.append(scalar)
                }
            }
        }
        return String(output)
    }
}
