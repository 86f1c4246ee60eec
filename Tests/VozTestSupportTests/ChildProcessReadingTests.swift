import Foundation
import Testing
import VozTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Reading a child that is still running: a server's first line, a prompt awaited with input held open, output
/// taken at a reader's own pace, and the end of a child whose pipe something it started still holds.
@Suite struct ChildProcessReadingTests {
    private struct Start: Sendable {
        var line: String
        var elapsed: Duration
    }

    /// Runs `script` under sh, reads its first line within `limit`, then ends it.
    private static func start(_ script: String, within limit: Duration) async throws -> Start {
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", script], error: .null)
        return await onOwnThread {
            let line = child.readFirstLine(within: limit)
            let elapsed = child.started.duration(to: .now)
            child.kill()
            return Start(line: line, elapsed: elapsed)
        }
    }

    /// How the tests' servers are started: their address line is read as soon as it is printed, and a server that
    /// prints nothing is given up on at the deadline instead of holding the test forever.
    @Test func theFirstLineComesBackWhileTheServerRuns() async throws {
        let start = try await Self.start("echo 4242; exec sleep 30", within: .seconds(15))
        #expect(start.line == "4242\n", "\(start.line)")
        #expect(start.elapsed < .seconds(10))
    }

    @Test func aServerThatPrintsNothingIsGivenUpOnAtTheDeadline() async throws {
        let start = try await Self.start("exec sleep 30", within: .milliseconds(500))
        #expect(start.line.isEmpty)
        #expect(start.elapsed >= .milliseconds(500))
        #expect(start.elapsed < .seconds(10), "the read outlived its deadline: \(start.elapsed)")
    }

    /// Standard input held open, as at a keyboard: the child answers each line and ends only once input closes.
    @Test func inputHeldOpenIsWrittenLineByLineAndClosedAtTheEnd() async throws {
        let child = try ChildProcess(
            executable: "/bin/sh", arguments: ["-c", "while read line; do echo \"got $line\"; done; exit 4"],
            input: .pipe)
        let (first, second, ending) = await onOwnThread {
            child.writeInput(Array("one\n".utf8))
            let first = child.readOutput(until: "got one", within: .seconds(10))
            child.writeInput(Array("two\n".utf8))
            let second = child.readOutput(until: "got two", within: .seconds(10))
            let running = !child.hasEnded
            child.closeInput()
            return (first, second, running ? child.wait(upTo: .seconds(10)) : nil)
        }
        #expect(first == "got one\n")
        #expect(second == "got two\n")
        #expect(ending == .exited(4), "it ended before its input closed, or not after")
    }

    /// At most what the reader asks for, each time, until the end.
    @Test(arguments: [1, 4, 65_536])
    func outputIsTakenAtTheReadersPace(atMost: Int) async throws {
        let child = try ChildProcess(executable: "/usr/bin/printf", arguments: ["abcdefghij"])
        let chunks = await onOwnThread {
            var chunks: [[UInt8]] = []
            while true {
                let chunk = child.readOutput(atMost: atMost)
                if chunk.isEmpty { break }
                chunks.append(chunk)
            }
            child.wait()
            return chunks
        }
        #expect(chunks.allSatisfy { $0.count <= atMost })
        #expect(String(decoding: chunks.joined(), as: UTF8.self) == "abcdefghij")
        #expect(child.exit == .exited(0))
    }

    /// The fuzzer's supervisor once waited for the end of a pipe that something the child started still held. The
    /// end is seen by waitpid: the read returns as soon as the child is gone.
    @Test func aGrandchildHoldingThePipeDoesNotHoldTheReader() async throws {
        let child = try ChildProcess(
            executable: "/bin/sh", arguments: ["-c", "sleep 30 & echo hi"], newProcessGroup: true)
        let (output, elapsed) = await onOwnThread {
            let (output, _) = child.readToEnd(upTo: .seconds(20))
            let elapsed = child.started.duration(to: .now)
            child.kill()
            return (output, elapsed)
        }
        #expect(String(decoding: output, as: UTF8.self) == "hi\n")
        #expect(child.exit == .exited(0))
        #expect(elapsed < .seconds(10), "the read waited for the pipe: \(elapsed)")
    }

    /// A signal reaches a running child, and none is sent once it has been reaped (its pid may be another's).
    @Test func aSignalReachesTheChildUntilItIsReaped() async throws {
        let child = try ChildProcess(executable: "/bin/sleep", arguments: ["30"], output: .null, error: .null)
        #expect(!child.hasEnded)
        child.signal(SIGTERM)
        let ending = await onOwnThread { child.wait() }
        #expect(ending == .signalled(SIGTERM))
        #expect(child.hasEnded)
        child.signal(SIGTERM)
        #expect(child.exit == .signalled(SIGTERM))
    }
}
