import Foundation
import VozTestSupport

// MARK: - The bench's reads

/// What the figures read of a child: the moment of its first byte or line, its audio at a device's pace, its
/// text. Each read waits as long as the child takes, blocked on its output alone (standard error goes to
/// /dev/null in every figure), so the moment a read returns is the moment the bytes arrived.
extension ChildProcess {
    /// Starts `path` with `arguments` for a figure: standard error to /dev/null; standard output a pipe when
    /// `captureOutput`; standard input a pipe held open (voz waiting for its first answer) when `keepInputOpen`.
    convenience init(
        _ path: String, _ arguments: [String], environment: [String: String], captureOutput: Bool = true,
        keepInputOpen: Bool = false
    ) throws(SpawnError) {
        try self.init(
            executable: path, arguments: arguments, environment: environment, input: keepInputOpen ? .pipe : .null,
            output: captureOutput ? .pipe : .null, error: .null)
    }

    /// Reads until the first byte of output; returns when it arrived, or nil at end of file.
    func firstByte() -> ContinuousClock.Instant? {
        readOutput(atMost: 1).isEmpty ? nil : ContinuousClock.now
    }

    /// Reads until the first line feed; returns when it arrived, or nil at end of file.
    func firstLine() -> ContinuousClock.Instant? {
        while true {
            let chunk = readOutput(atMost: 4096)
            if chunk.isEmpty { return nil }
            if chunk.contains(10) { return ContinuousClock.now }
        }
    }

    /// Reads everything left until the pipe closes; returns the byte count and when it closed.
    func drainOutput() -> (bytes: Int, closed: ContinuousClock.Instant) {
        var total = 0
        while true {
            let count = readOutput(atMost: 65536).count
            if count == 0 { return (total, ContinuousClock.now) }
            total += count
        }
    }

    /// Reads exactly `count` bytes, or fewer at end of file; returns how many arrived.
    func readExactly(_ count: Int) -> Int {
        var total = 0
        while total < count {
            let got = readOutput(atMost: min(65536, count - total)).count
            if got == 0 { break }
            total += got
        }
        return total
    }

    /// Reads everything until the pipe closes, as text.
    func readText() -> String {
        var data: [UInt8] = []
        while true {
            let chunk = readOutput(atMost: 65536)
            if chunk.isEmpty { return String(decoding: data, as: UTF8.self) }
            data += chunk
        }
    }

    /// Runs `path` to its end with no output kept, and returns its wall time and how it ended.
    static func timed(
        _ path: String, _ arguments: [String], environment: [String: String]
    ) throws(SpawnError) -> (wall: Duration, exit: Exit) {
        let child = try ChildProcess(path, arguments, environment: environment, captureOutput: false)
        let exit = child.wait()
        return (ContinuousClock.now - child.started, exit)
    }
}
