import Foundation
import Testing
import VozProcess

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

    /// `yes` for six seconds: the old recorder kept every read (3 GB in 30 seconds); now at most the output limit
    /// is kept and replayed, and the audit says the rest was not checked.
    @Test func aProgramWritingWithoutEndIsAuditedInBoundedMemory() async throws {
        let folder = TemporaryFolder()
        let keys = folder.url.appendingPathComponent("keys")
        try Data("sleep 6000\n".utf8).write(to: keys)
        let output = try await RawVozProcess.run(
            ["audit", "--keys", keys.path, "--timeout", "20", "--", "yes"],
            environment: VozProcess.environment(home: folder.url), timeout: 90)
        #expect(!output.timedOut)
        #expect([0, 1].contains(output.status), "exit \(output.status): \(output.stderr.prefix(300))")
        let peak = try #require(output.peakMemoryKilobytes)
        #expect(peak < 100 * 1024, "voz audit held \(peak / 1024) MiB")
        #expect(output.stdout.contains("replay-limited"), "\(output.stdout.prefix(600))")
    }

    /// `voz record -o` writes events as they come and stops at the same limit, saying so in the file's header.
    @Test func aProgramWritingWithoutEndIsRecordedInBoundedMemory() async throws {
        let folder = TemporaryFolder()
        let keys = folder.url.appendingPathComponent("keys")
        try Data("sleep 4000\n".utf8).write(to: keys)
        let cast = folder.url.appendingPathComponent("yes.cast")
        let output = try await RawVozProcess.run(
            ["record", "-o", cast.path, "--keys", keys.path, "--timeout", "20", "--", "yes"],
            environment: VozProcess.environment(home: folder.url), timeout: 90)
        #expect(output.status == 0, "exit \(output.status): \(output.stderr.prefix(300))")
        let peak = try #require(output.peakMemoryKilobytes)
        #expect(peak < 100 * 1024, "voz record held \(peak / 1024) MiB")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: cast.path)[.size] as? Int)
        // 512 KB of output, each line feed written as `\r\n` in JSON: about twice that, and no more.
        #expect(size < 2 * 1024 * 1024)
        let header = try String(contentsOf: cast, encoding: .utf8).prefix { $0 != "\n" }
        #expect(header.contains("\"voz_output_cut\": true"))
        #expect(output.stdout.contains("512 KB"), "\(output.stdout)")
    }

    /// Whether `pid` is gone, or has ended and only waits for its parent to read its status, within `limit`.
    static func stops(_ pid: pid_t, within limit: Duration) -> Bool {
        SystemPollingClock().poll(for: limit, every: .milliseconds(20)) { !isRunning(pid) }
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
