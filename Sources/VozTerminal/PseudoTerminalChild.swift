import Foundation
import VozSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A child process whose standard input, output and error are the slave side of a pseudo-terminal, with voz
/// holding the master. Spawned with posix_spawn (no fork of a multi-threaded process): the child starts a new
/// session and opens the slave, which makes it its controlling terminal.
final class PseudoTerminalChild: @unchecked Sendable {
    enum ReadResult {
        case data([UInt8])
        case quiet
        case closed
    }

    let pid: pid_t
    private let master: Int32
    private var reaped: Int32?

    private init(pid: pid_t, master: Int32) {
        self.pid = pid
        self.master = master
    }

    static func spawn(_ command: [String], environment: [String: String], columns: Int, rows: Int)
        throws(TerminalRecorder.StartError) -> PseudoTerminalChild
    {
        guard let program = command.first else { throw .notFound("") }
        guard let path = resolve(program, path: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin") else {
            throw .notFound(program)
        }
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw .system("openpty") }
        defer { close(slave) }
        guard let slaveName = ttyname(slave).map({ String(cString: $0) }) else {
            close(master)
            throw .system("ptsname")
        }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        closeOnExec()

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slaveName, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A new session (so the slave becomes the controlling terminal), default signal handling and no blocked
        // signals: voz ignores SIGPIPE, and ignored signals survive exec.
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(
            &attributes, Int16(Self.spawnSetsid | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let arguments = command.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in arguments + variables { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, arguments, variables)
        guard status == 0 else {
            close(master)
            throw .system("posix_spawn \(program)")
        }
        return PseudoTerminalChild(pid: pid, master: master)
    }

    /// Marks every descriptor above standard error close-on-exec: the recorded program gets its terminal and
    /// nothing of voz's (an inherited socket held open by it would keep a peer waiting for the whole recording).
    private static func closeOnExec() {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for entry in entries {
            guard let descriptor = Int32(entry), descriptor > 2 else { continue }
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// glibc's POSIX_SPAWN_SETSID (2.26 and later), hidden from Swift behind _GNU_SOURCE.
    private static let spawnSetsid: Int32 = 0x80

    private static func resolve(_ program: String, path: String) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    // MARK: - Talking to it

    /// Whether the terminal echoes typed characters now (termios ECHO, as the program last set it).
    var echoes: Bool {
        var settings = termios()
        guard tcgetattr(master, &settings) == 0 else { return true }
        return settings.c_lflag & tcflag_t(ECHO) != 0
    }

    func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += written
        }
    }

    /// Output, waiting at most `waitMilliseconds`; `.closed` once the child has gone and its output is drained.
    func read(waitMilliseconds: Int) -> ReadResult {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(waitMilliseconds))
        if ready < 0 { return errno == EINTR ? .quiet : .closed }
        if ready == 0 { return exitedWithoutOutput() ? .closed : .quiet }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
        if count > 0 { return .data(Array(buffer[..<count])) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return .quiet }
        return .closed  // EIO: every slave descriptor is closed
    }

    /// A child that exited while a grandchild still holds the terminal open is done as far as the script goes.
    private func exitedWithoutOutput() -> Bool {
        guard reaped == nil else { return true }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            reaped = ProcessSession.exitCode(status)
            return true
        }
        return false
    }

    /// Hangs up on the child and everything it started (its whole session: background processes, a shell's
    /// jobs), kills what is still running after a moment, reaps the child, and returns its exit status.
    func finish() -> Int32 {
        defer { close(master) }
        return ProcessSession(leader: pid).stop(leaderStatus: reaped)
    }
}
