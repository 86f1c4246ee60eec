import Foundation
import VozTestSupport

/// The instructions a program executes, counted by valgrind's callgrind. A time on a shared machine moves with the
/// load; a count does not, so the ratio of two counts is the same from one run to the next, where a ratio of two
/// times drifts. It counts the work, not the wait: the instructions of every thread, however many cores ran them.
enum InstructionCount {
    static let valgrind = "/usr/bin/valgrind"

    static var available: Bool { FileManager.default.isExecutableFile(atPath: valgrind) }

    /// The instructions `path arguments` executes to its end; with `only`, those inside the functions whose names
    /// match it (callgrind's `--toggle-collect` pattern, `*` for any run of characters) and what they call.
    static func count(
        _ path: String, _ arguments: [String], only: String? = nil, environment: [String: String]
    ) throws -> Int {
        guard available else { throw BenchError.missing("valgrind") }
        var environment = environment
        // Set and Dictionary order follows a hash seed drawn at each start unless this is set: the same code then
        // compares a different number of keys from one run to the next, by tens of millions of instructions.
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        let options =
            ["--tool=callgrind", "--callgrind-out-file=/dev/null"] + (only.map { ["--toggle-collect=" + $0] } ?? [])
        let run = try ChildProcess.runBlocking(
            executable: valgrind, arguments: options + [path] + arguments, environment: environment)
        // Its summary on standard error: "==1234== Collected : 4567890".
        guard let line = run.error.split(separator: "\n").last(where: { $0.contains("Collected :") }),
            let word = line.split(separator: " ").last, let value = Int(word), value > 0
        else { throw BenchError.failed("callgrind counted nothing for \(path) (\(run.ending))") }
        return value
    }
}
