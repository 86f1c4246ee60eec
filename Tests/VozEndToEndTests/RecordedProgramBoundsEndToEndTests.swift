import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `voz record` and `voz audit --keys` on programs that outlive or outgrow their recording, through the real
/// binary: what the program started in the background is stopped with it, and a program that writes without end
/// costs bounded memory.
@Suite("Recorded programs, bounded")
struct RecordedProgramBoundsEndToEndTests {
    /// Shell lines that leave a `sleep` running after the shell: one the hang-up does not stop, one in a job (a
    /// process group) of its own, as an interactive shell starts each job. `$1` is where its pid goes.
    static let starters = [
        "trap '' HUP; sleep 300 & echo $! > \"$1\"; echo started",
        "set -m; sleep 300 & echo $! > \"$1\"; echo started",
        "sleep 300 & echo $! > \"$1\"; echo started; sleep 200",
    ]

    @Test(arguments: ["record", "audit"], starters)
    func whatTheProgramStartedIsStoppedWithIt(_ command: String, _ starter: String) async throws {
        let folder = TemporaryFolder()
        let keys = folder.url.appendingPathComponent("keys")
        try Data("expect started\n".utf8).write(to: keys)
        let pidFile = folder.url.appendingPathComponent("pid")
        var arguments = ["audit"]
        if command == "record" { arguments = ["record", "-o", folder.url.appendingPathComponent("run.cast").path] }
        arguments += ["--keys", keys.path, "--timeout", "20", "--", "sh", "-c", starter, "sh", pidFile.path]
        let output = try await RawVozProcess.run(
            arguments, environment: VozProcess.environment(home: folder.url), timeout: 60)
        #expect(!output.timedOut)
        #expect([0, 1].contains(output.status), "exit \(output.status): \(output.stderr.prefix(300))")
        let text = try String(contentsOf: pidFile, encoding: .utf8)
        let pid = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        let stopped = Self.stops(pid, within: .seconds(5))
        if !stopped { kill(pid, SIGKILL) }
        #expect(stopped, "the background sleep \(pid) still runs after voz \(command) ended")
    }

    /// Whether `pid` is gone, or has ended and only waits for its parent to read its status, within `limit`.
    static func stops(_ pid: pid_t, within limit: Duration) -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if !isRunning(pid) { return true }
            usleep(20_000)
        }
        return !isRunning(pid)
    }

    /// `kill(pid, 0)` succeeds for a process that has ended but is not yet reaped (a container's first process
    /// may reap none): its state in `/proc` tells.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return errno != ESRCH }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
    }
}
