import Foundation
import VozTestSupport

/// Peak resident memory of a whole program, measured by GNU time around it.
///
/// `wait4`'s own `ru_maxrss` cannot be used from the bench: a child started with `posix_spawn` (vfork) inherits
/// the parent's high-water mark at `exec`, so the bench's own size would leak into the figure. GNU time is a
/// small program that forks, so what it reports is the child's alone.
enum PeakMemory {
    static let time = "/usr/bin/time"

    static var available: Bool { FileManager.default.isExecutableFile(atPath: time) }

    /// Runs `path arguments` to its end; returns its peak RSS in bytes, its exit status and the wall time.
    static func measure(
        _ path: String, _ arguments: [String], environment: [String: String], scratch: String
    ) throws -> (bytes: Int, status: Int32, wall: Duration) {
        guard available else { throw BenchError.missing("GNU time (/usr/bin/time)") }
        let report = scratch + "/peak-\(UUID().uuidString.prefix(8)).txt"
        defer { try? FileManager.default.removeItem(atPath: report) }
        // `%x %M`: the child's exit status and its maximum resident set size in KiB.
        let (wall, exit) = try ChildProcess.timed(
            time, ["-f", "%x %M", "-o", report, path] + arguments, environment: environment)
        let words = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "")
            .split(whereSeparator: \.isWhitespace)
        guard let last = words.last, let kibibytes = Int(last),
            let status = words.dropLast().last.flatMap({ Int32($0) })
        else {
            throw BenchError.failed("GNU time reported nothing for \(path) (\(exit))")
        }
        return (kibibytes * 1024, status, wall)
    }
}
