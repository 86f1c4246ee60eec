import Foundation
import VozProcess

/// The running script: reads output while it sends keys, and keeps the events, up to the output limit.
struct RecordingSession {
    let child: RunningProcess
    let deadline: ContinuousClock.Instant
    let settle: Duration
    let start = ContinuousClock.now
    /// The events kept in memory: all of them when `keepingEvents`, else none.
    var events: [CastRecording.Event] = []
    var keepingEvents = true
    /// Where each event goes as it comes, when the recording is saved.
    var writer: CastFileWriter?
    var echoes: [Bool] = []
    /// How many events were recorded, and the time of the last one.
    var eventCount = 0
    var lastEventTime = 0.0
    /// The most output recorded, in bytes, and how much was.
    var outputLimit = TerminalRecorder.defaultOutputLimit
    var outputBytes = 0
    /// The program wrote past the limit: nothing more is recorded, output or input, so the recording is the run up
    /// to that moment, while the script still runs and the output is still read (a program blocked on a full
    /// terminal would never reach the script's end).
    var cut = false
    /// Output since the last matched `expect`, with escape sequences removed, for matching text.
    var unmatched = ""
    var applicationCursor = false
    var exited = false
    private var lastOutput = ContinuousClock.now
    private var pending: [UInt8] = []

    init(child: RunningProcess, deadline: ContinuousClock.Instant, settle: Duration) {
        self.child = child
        self.deadline = deadline
        self.settle = settle
    }

    /// Runs every step; returns the step still waiting when time ran out (or when the program ended before the
    /// text it waited for), and how long it had waited.
    mutating func run(_ script: KeyScript) -> TerminalRecorder.Stop? {
        for (line, step) in script.steps {
            let stepStart = ContinuousClock.now
            func stop(_ name: String) -> TerminalRecorder.Stop {
                TerminalRecorder.Stop(
                    line: line, step: name, awaited: step, waited: (ContinuousClock.now - stepStart).seconds,
                    programEnded: exited)
            }
            switch step {
            case .expect(let text):
                while !matches(text) {
                    if exited || ContinuousClock.now >= deadline { return stop("expect \(text)") }
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
                    if ContinuousClock.now >= deadline { return stop("wait-exit") }
                    pump(until: deadline)
                }
            }
        }
        // After the last step, let the program finish what it is writing, then the child is hung up on; one that
        // wrote past the limit has nothing more recorded to finish.
        var quietSince = ContinuousClock.now
        while !exited && !cut && ContinuousClock.now < deadline && ContinuousClock.now - quietSince < settle {
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
        if !cut {
            echoes.append(child.echoes)
            keep(CastRecording.Event(time: now, code: "i", data: text))
        }
        child.write(Array(text.utf8), to: .terminal)
        // A key is an event the program answers: the next step waits for the answer to pause, as a person would,
        // even when the program was quiet before it (two `key` steps are never microseconds apart).
        lastOutput = .now
        // Typing answers a prompt: text matched before it must not match a later `expect`.
        unmatched = ""
    }

    /// How long the output must stay quiet before a key is sent.
    static let pause = Duration.milliseconds(200)

    /// Waits until the output has paused for a moment, as a person would before typing: a program that prints a
    /// prompt and then turns echo off (flushing what was typed ahead) must have done so before the keys arrive.
    private mutating func waitForQuiet() {
        let pause = Self.pause
        let limit = min(deadline, ContinuousClock.now + .seconds(1))
        while !exited && ContinuousClock.now < limit && ContinuousClock.now - lastOutput < pause {
            pump(until: min(limit, lastOutput + pause))
        }
    }

    /// Waits for output until `until`; returns whether any came.
    @discardableResult
    private mutating func pump(until: ContinuousClock.Instant) -> Bool {
        let wait = max(.zero, min(.milliseconds(200), until - ContinuousClock.now))
        switch child.readTerminal(waitingUpTo: wait) {
        case .data(let bytes):
            lastOutput = .now
            pending += bytes
            // Only whole UTF-8 characters go into an event; a split character waits for its last bytes.
            let whole = Self.completeLength(pending)
            guard whole > 0 else { return true }
            let text = String(decoding: pending[..<whole], as: UTF8.self)
            pending.removeFirst(whole)
            if !cut {
                outputBytes += whole
                if outputBytes > outputLimit {
                    cut = true
                } else {
                    keep(CastRecording.Event(time: now, code: "o", data: text))
                }
            }
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

    /// Records `event`: numbered with its line of the file (line 1 is the header), written as it comes when the
    /// recording is saved, kept when it is to be replayed.
    private mutating func keep(_ event: CastRecording.Event) {
        var event = event
        event.line = eventCount + 2
        eventCount += 1
        lastEventTime = event.time
        writer?.append(event)
        if keepingEvents { events.append(event) }
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
