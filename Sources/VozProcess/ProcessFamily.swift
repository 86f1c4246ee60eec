#if canImport(Glibc)
    import Glibc
#endif

/// The processes a child started as the leader of a process group or a session of its own: the child, what it
/// started in the background, and (for a session) the jobs of a shell with job control, each in a group of that
/// session. Stopping the child stops all of them: a background `sleep 300 &` is not left running after the run,
/// whether the child is still there or has already exited.
///
/// A group's or a session's number is its leader's process number, which Linux does not give to another process
/// while the group or session has a member, so signalling it while a member runs never reaches a stranger. A process
/// that started a session of its own (a daemon) has left and is not followed.
public enum ProcessFamily: Sendable, Equatable {
    /// The process group led by this process.
    case group(pid_t)
    /// The session led by this process, and every group in it.
    case session(pid_t)

    /// The leader's process number.
    public var id: pid_t {
        switch self {
        case .group(let id), .session(let id): return id
        }
    }

    /// Sends `signal` to every process group of the family: the leader's, and (for a session) the groups a shell
    /// made for its jobs. Once the leader has been reaped, only while a member still runs: the number is then free
    /// to be another's as soon as the last member has gone.
    public func signal(_ signal: Int32, leaderReaped: Bool) {
        let found = members()
        if leaderReaped, !found.contains(where: { !$0.ended }) { return }
        _ = kill(-id, signal)
        guard case .session = self else { return }
        for group in Set(found.map(\.group)) where group != id {
            _ = kill(-group, signal)
        }
    }

    /// Whether a process of the family is still running (one that has ended and waits for its parent to read its
    /// status runs no more).
    public var isRunning: Bool {
        members().contains { !$0.ended }
    }

    // MARK: - Members

    /// One process of the family.
    public struct Member: Sendable, Equatable {
        public var pid: pid_t
        public var group: pid_t
        /// Ended, waiting for its parent to read its status (a zombie).
        public var ended: Bool
    }

    /// The processes whose group or session is this one, from `/proc`.
    public func members() -> [Member] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var found: [Member] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = pid_t(name), let member = Self.member(pid) else { continue }
            let belongs: Bool
            switch self {
            case .group(let id): belongs = member.group == id
            case .session(let id): belongs = member.session == id
            }
            if belongs { found.append(Member(pid: pid, group: member.group, ended: member.ended)) }
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
