import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The processes of a child started as the leader of a session of its own (a program under a pseudo-terminal):
/// the child, what it started in the background, and the jobs of a shell with job control, each in a process group
/// of that session. Stopping the child stops all of them: a background `sleep 300 &` is not left running after
/// the run, whether the child is still there or has already exited.
///
/// A session's number is its leader's process number, which Linux does not give to another process while the
/// session has a member, so signalling it never reaches a stranger. A process that started a session of its own
/// (a daemon) has left and is not followed.
package struct ProcessSession: Sendable {
    /// The session's number: its leader's process number.
    package let id: pid_t

    /// The session led by the child `leader`.
    package init(leader: pid_t) {
        id = leader
    }

    /// How long the processes have to end after the hang-up before they are killed.
    package static let grace = Duration.milliseconds(500)

    /// Sends `signal` to every process group of the session: the leader's, and the groups a shell made for its jobs.
    package func signal(_ signal: Int32) {
        _ = kill(-id, signal)
        for group in Set(members().map(\.group)) where group != id {
            _ = kill(-group, signal)
        }
    }

    /// Whether a process of the session is still running (one that has ended and waits for its parent to read its
    /// status runs no more).
    package var isRunning: Bool {
        members().contains { !$0.ended }
    }

    /// Stops every process of the session and reaps the leader, a child of this process: a hang-up (and a
    /// termination request, for a program that ignores hang-ups), then, after `grace`, a kill. Returns the leader's
    /// exit status (or 128 + signal); `leaderStatus` when it was already reaped.
    package func stop(leaderStatus: Int32?, grace: Duration = Self.grace) -> Int32 {
        var status = leaderStatus ?? reapLeader(blocking: false)
        if let status, !isRunning { return status }
        signal(SIGHUP)
        signal(SIGTERM)
        // A stopped process (a job suspended with Ctrl-Z) takes the hang-up only once it runs again.
        signal(SIGCONT)
        let deadline = ContinuousClock.now + grace
        while ContinuousClock.now < deadline {
            if status == nil { status = reapLeader(blocking: false) }
            if status != nil, !isRunning { return status ?? 0 }
            usleep(25_000)
        }
        signal(SIGKILL)
        let killed = status ?? reapLeader(blocking: true) ?? 128 + SIGKILL
        // A kill is delivered at once but acted on when the process next runs: wait, boundedly, until none runs.
        let killDeadline = ContinuousClock.now + .seconds(2)
        while isRunning, ContinuousClock.now < killDeadline { usleep(25_000) }
        return killed
    }

    /// The leader's exit status once it has ended (waiting for it when `blocking`), or nil.
    private func reapLeader(blocking: Bool) -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(id, &status, blocking ? 0 : WNOHANG)
            if result == id { return Self.exitCode(status) }
            if result < 0, errno == EINTR { continue }
            // ECHILD: reaped already, by whoever called; it has ended.
            return result < 0 ? 128 + SIGKILL : nil
        }
    }

    /// An exit status as a shell gives it: the code, or 128 + the signal that ended the process.
    package static func exitCode(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    // MARK: - Members

    /// One process of the session.
    struct Member: Equatable {
        var pid: pid_t
        var group: pid_t
        /// Ended, waiting for its parent to read its status (a zombie).
        var ended: Bool
    }

    /// The processes whose session is this one, from `/proc`.
    func members() -> [Member] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var found: [Member] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = pid_t(name), let member = Self.member(pid), member.session == id else { continue }
            found.append(Member(pid: pid, group: member.group, ended: member.ended))
        }
        return found
    }

    /// A process's group, session and whether it has ended, from `/proc/PID/stat`: `pid (name) state ppid pgrp
    /// session …`, where the name may hold spaces and parentheses, so the fields are read after the last `)`.
    static func member(_ pid: pid_t) -> (group: pid_t, session: pid_t, ended: Bool)? {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0, let close = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = buffer[(close + 1)..<count].split(separator: UInt8(ascii: " "))
        guard fields.count >= 4, let state = fields[0].first,
            let group = pid_t(String(decoding: fields[2], as: UTF8.self)),
            let session = pid_t(String(decoding: fields[3], as: UTF8.self))
        else { return nil }
        return (group, session, state == UInt8(ascii: "Z") || state == UInt8(ascii: "X"))
    }
}
