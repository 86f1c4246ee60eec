import Foundation
import Testing
import VozTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The one child-process runner, run to the end: how a child ended, a child that outlives its limit, both pipes
/// full at once, standard input, and what a child inherits.
@Suite struct ChildProcessTests {
    /// Runs `script` under /bin/sh to its end.
    static func sh(
        _ script: String, input: [UInt8] = [], limit: Duration? = .seconds(60), interruptGrace: Duration? = nil
    ) async throws -> ChildProcess.Finished {
        try await ChildProcess.run(
            executable: "/bin/sh", arguments: ["-c", script], input: input, limit: limit,
            interruptGrace: interruptGrace)
    }

    // MARK: - How it ended

    /// An exit status, and a death by signal told apart from it. SIGTERM arrives though the test runner's threads
    /// block it, and SIGPIPE kills though this process ignores it: the child starts with the defaults.
    @Test(arguments: [
        ("exit 0", ChildProcess.Exit.exited(0)), ("exit 3", .exited(3)), ("exit 255", .exited(255)),
        ("kill -TERM $$", .signalled(SIGTERM)), ("kill -KILL $$", .signalled(SIGKILL)),
        ("ulimit -c 0; kill -SEGV $$", .signalled(SIGSEGV)), ("kill -PIPE $$", .signalled(SIGPIPE)),
    ])
    func theEndIsAnExitCodeOrASignal(script: String, ending: ChildProcess.Exit) async throws {
        let run = try await Self.sh(script)
        #expect(run.ending == ending)
        #expect(run.exit == ending)
        #expect(!run.timedOut)
        #expect(run.status == ending.status)
        #expect(run.signal == ending.signal)
    }

    /// Past its limit a child is stopped: at once, or first interrupted and given a moment to leave, as a
    /// person's Ctrl-C would; one that ignores the interrupt is killed after that moment.
    @Test(arguments: [
        ("exec sleep 30", nil, ChildProcess.Exit.signalled(SIGKILL)),
        ("exec sleep 30", Duration.seconds(5), .signalled(SIGINT)),
        ("trap 'exit 7' INT; while :; do sleep 0.1; done", .seconds(5), .exited(7)),
        ("trap '' INT; exec sleep 30", .milliseconds(500), .signalled(SIGKILL)),
    ])
    func aChildPastItsLimitIsStopped(script: String, grace: Duration?, ending: ChildProcess.Exit) async throws {
        let run = try await Self.sh(script, limit: .milliseconds(500), interruptGrace: grace)
        #expect(run.timedOut)
        #expect(run.exit == nil)
        #expect(run.ending == ending)
        #expect(run.elapsed >= .milliseconds(500))
        #expect(run.elapsed < .seconds(10), "took \(run.elapsed)")
    }

    /// Whatever the child started dies with the run: when the child outlived its limit, and when it ended and
    /// left something behind on its pipe (read a moment longer, never waited for).
    @Test(arguments: [("wait", true), ("echo started", false)])
    func nothingTheChildStartedOutlivesTheRun(last: String, timesOut: Bool) async throws {
        let marker = "voz-runner-test-\(UUID().uuidString)"
        let run = try await Self.sh(
            "sh -c 'while :; do sleep 1; done' \(marker) & \(last)", limit: .seconds(timesOut ? 1 : 30))
        #expect(run.timedOut == timesOut)
        #expect(run.elapsed < .seconds(10), "took \(run.elapsed)")
        if !timesOut { #expect(run.output == "started\n") }
        #expect(await Self.gone(marker), "the grandchild outlived the run")
    }

    // MARK: - Pipes

    /// Both pipes filled at once, each far past what a pipe holds: a reader that waited on one would leave the
    /// other writer blocked, and the first pipe open for ever (the writer of each holds both).
    @Test(arguments: [0, 1, 65_536, 1_048_583])
    func bothPipesAreReadTogether(size: Int) async throws {
        let run = try await Self.sh("head -c \(size) /dev/zero >&2 & head -c \(size) /dev/zero; wait")
        #expect(run.exit == .exited(0))
        #expect(run.outputBytes.count == size)
        #expect(run.errorBytes.count == size)
        #expect(run.outputBytes.allSatisfy { $0 == 0 } && run.errorBytes.allSatisfy { $0 == 0 })
    }

    /// Input is written as the child takes it, beside the reading: a megabyte through `cat` comes back whole.
    @Test(arguments: [0, 5, 1_048_579])
    func inputComesBackThroughCat(size: Int) async throws {
        let input = (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let run = try await ChildProcess.run(executable: "/bin/cat", arguments: [], input: input, limit: .seconds(60))
        #expect(run.exit == .exited(0))
        #expect(run.outputBytes == input)
    }

    /// A child that stops reading, or never starts, ends this process no more than it blocks it.
    @Test(arguments: [("head -c 10", 10), ("exit 0", 0)])
    func aChildThatStopsReadingIsFine(script: String, read: Int) async throws {
        let run = try await Self.sh(script, input: [UInt8](repeating: 65, count: 1_048_576))
        #expect(run.exit == .exited(0))
        #expect(run.outputBytes.count == read)
    }

    // MARK: - What the child gets

    @Test func theChildStartsInItsFolderWithItsEnvironment() async throws {
        let run = try await ChildProcess.run(
            executable: "/bin/sh", arguments: ["-c", "pwd; echo \"$VOZ_RUNNER\""], environment: ["VOZ_RUNNER": "yes"],
            directory: "/tmp")
        #expect(run.output == "/tmp\nyes\n")
        let inherited = try await Self.sh("echo \"$HOME\"")
        #expect(inherited.output == (ProcessInfo.processInfo.environment["HOME"] ?? "") + "\n")
    }

    /// A descriptor this process opened without close-on-exec stays here: the child has 0, 1 and 2 alone.
    @Test func theChildInheritsNoOtherDescriptor() async throws {
        let opened = open("/dev/null", O_RDONLY)
        // A free number at 200 or above, never 200 itself: a dup2 onto a fixed number closes whatever a test running
        // beside this one holds there (another child's pipe, whose output it then lost), and the close after it
        // closes that number again once it is someone else's.
        let high = fcntl(opened, F_DUPFD, 200)
        #expect(high >= 200)
        defer {
            close(opened)
            close(high)
        }
        let run = try await ChildProcess.run(executable: "/bin/ls", arguments: ["/proc/self/fd"])
        let listed = run.output.split(separator: "\n")
        #expect(listed.contains("2"))
        #expect(!listed.contains(Substring(String(high))) && !listed.contains(Substring(String(opened))), "\(listed)")
    }

    @Test(arguments: [("/nonexistent/voz", nil), ("/bin/sh", "/nonexistent/folder")])
    func aChildThatCannotStartIsAnError(executable: String, directory: String?) {
        #expect(throws: ChildProcess.SpawnError.self) {
            try ChildProcess(executable: executable, arguments: ["-c", "true"], directory: directory)
        }
    }

    // MARK: - Helpers

    /// Whether no process's command line holds `marker` within five seconds (a killed one takes a moment).
    static func gone(_ marker: String) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            let left = entries.contains { entry in
                guard Int(entry) != nil, let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
                else { return false }
                return String(decoding: line, as: UTF8.self).contains(marker)
            }
            if !left { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}
