import Foundation
import Testing

/// How the tests' servers are started: their address line is read as soon as it is printed, and a server that
/// prints nothing is given up on at the deadline instead of holding the test forever.
@Suite struct ProcessFirstLineTests {
    private struct Start: Sendable {
        var line: String
        var elapsed: Duration
    }

    /// Runs `script` under sh, reads its first line within `seconds`, then ends it.
    private static func start(_ script: String, within seconds: TimeInterval) async throws -> Start {
        try await onOwnThread {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            let started = ContinuousClock.now
            let line = try process.runReadingFirstLine(within: seconds)
            let elapsed = started.duration(to: .now)
            // SIGKILL: a child of the test runner inherits its threads' mask, SIGTERM blocked.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return Start(line: line, elapsed: elapsed)
        }
    }

    @Test func theFirstLineComesBackWhileTheServerRuns() async throws {
        let start = try await Self.start("echo 4242; exec sleep 30", within: 15)
        #expect(start.line == "4242\n", "\(start.line)")
        #expect(start.elapsed < .seconds(10))
    }

    @Test func aServerThatPrintsNothingIsGivenUpOnAtTheDeadline() async throws {
        let start = try await Self.start("exec sleep 30", within: 0.5)
        #expect(start.line.isEmpty)
        #expect(start.elapsed >= .milliseconds(500))
        #expect(start.elapsed < .seconds(10), "the read outlived its deadline: \(start.elapsed)")
    }
}
