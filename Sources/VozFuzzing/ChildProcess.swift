import CSpawn
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process watched without ever waiting on it unbounded: its standard output and error come back through
/// pipes of its own, read together, and its end is seen by `waitpid`, not by the end of a pipe.
///
/// The fuzzer's supervisor once stalled because it waited for end of file on a pipe whose write end another
/// process still held. Here every descriptor is close-on-exec from birth (`pipe2`), so no other child inherits a
/// pipe end; a child gets its own ends as 1 and 2 and nothing above (`closefrom` 3); the parent closes its copies
/// of the child's ends right after the spawn; and once the child has ended, what is left in the pipes is read
/// without waiting, so a grandchild still holding them cannot hold the reader too.
public final class ChildProcess {
    /// How a child ended.
    public enum Exit: Sendable, Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// Where the child's standard output and error go.
    public enum Streams: Sendable {
        /// Pipes this object reads.
        case pipes
        /// The parent's own, inherited.
        case inherited
    }

    public struct SpawnError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    public let pid: pid_t
    /// How the child ended, once it has (and has been reaped).
    public private(set) var exit: Exit?
    private var output: Int32
    private var error: Int32
    private let leadsGroup: Bool

    /// Starts `executable` with standard input from /dev/null.
    /// - Parameters:
    ///   - environment: nil inherits this process's.
    ///   - newProcessGroup: the child leads a process group of its own, so `kill()` also reaches what it started.
    public init(
        executable: String, arguments: [String], environment: [String: String]? = nil, streams: Streams = .pipes,
        newProcessGroup: Bool = false
    ) throws(SpawnError) {
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        if case .pipes = streams {
            guard pipe2(&outputPipe, O_CLOEXEC) == 0, pipe2(&errorPipe, O_CLOEXEC) == 0 else {
                for descriptor in outputPipe + errorPipe where descriptor >= 0 { Glibc.close(descriptor) }
                throw SpawnError(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
            }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        if case .pipes = streams {
            // dup2 clears close-on-exec on the copy, so the child keeps exactly these two.
            posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
            posix_spawn_file_actions_adddup2(&actions, errorPipe[1], STDERR_FILENO)
        }
        // Whatever this process opened without close-on-exec (Foundation's own pipes, a test's files) stays here.
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        if newProcessGroup {
            flags |= POSIX_SPAWN_SETPGROUP
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var argv = ([executable] + arguments).map { strdup($0) } + [nil]
        var variables =
            (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") }
            + [nil]
        defer {
            for pointer in argv + variables { free(pointer) }
        }
        var child: pid_t = 0
        let status = argv.withUnsafeMutableBufferPointer { argvBuffer in
            variables.withUnsafeMutableBufferPointer { envBuffer in
                guard let argvBase = argvBuffer.baseAddress, let envBase = envBuffer.baseAddress else { return EINVAL }
                return posix_spawn(&child, executable, &actions, &attributes, argvBase, envBase)
            }
        }
        // The child's ends belong to the child alone: a copy kept here would hide its end from every reader.
        if outputPipe[1] >= 0 { Glibc.close(outputPipe[1]) }
        if errorPipe[1] >= 0 { Glibc.close(errorPipe[1]) }
        guard status == 0 else {
            if outputPipe[0] >= 0 { Glibc.close(outputPipe[0]) }
            if errorPipe[0] >= 0 { Glibc.close(errorPipe[0]) }
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        output = outputPipe[0]
        error = errorPipe[0]
        leadsGroup = newProcessGroup
        for descriptor in [output, error] where descriptor >= 0 {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
    }

    deinit {
        if exit == nil { kill() }
        closePipes()
    }

    // MARK: - Reading

    /// Waits up to `timeout` for output or for the child's end, and returns what both pipes held, read together so
    /// a chatty child never blocks on a full one. Once the child has ended, returns at once with what is left.
    public func read(for timeout: Duration) -> (output: [UInt8], error: [UInt8]) {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            var got = drain()
            if !got.output.isEmpty || !got.error.isEmpty { return got }
            if reap(blocking: false) {
                // Written before the end but read only now; nothing later can come from the child itself.
                let rest = drain()
                got.output += rest.output
                got.error += rest.error
                return got
            }
            let left = ContinuousClock.now.duration(to: deadline)
            if left <= .zero { return got }
            // Short slices: the end of a child whose pipes a grandchild holds shows only in waitpid.
            let slice = min(left, .milliseconds(50))
            let milliseconds = Int32(
                max(1, slice.components.seconds * 1000 + slice.components.attoseconds / 1_000_000_000_000_000))
            var watched = [output, error].filter { $0 >= 0 }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if watched.isEmpty {
                usleep(UInt32(milliseconds) * 1000)
            } else {
                _ = poll(&watched, nfds_t(watched.count), milliseconds)
            }
        }
    }

    /// Everything both pipes hold now, without waiting; a pipe at its end is closed.
    private func drain() -> (output: [UInt8], error: [UInt8]) {
        (Self.readAvailable(&output), Self.readAvailable(&error))
    }

    private static func readAvailable(_ descriptor: inout Int32) -> [UInt8] {
        guard descriptor >= 0 else { return [] }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[..<count]
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count == 0 {
                Glibc.close(descriptor)
                descriptor = -1
            }
            return bytes
        }
    }

    // MARK: - Ending

    /// Whether the child has ended; reaps it when it has.
    public var hasEnded: Bool { reap(blocking: false) }

    /// Waits up to `limit` for the child to end on its own; kills it when it has not. Returns how it ended.
    @discardableResult
    public func wait(upTo limit: Duration) -> Exit? {
        let deadline = ContinuousClock.now.advanced(by: limit)
        while !reap(blocking: false), ContinuousClock.now < deadline { usleep(5_000) }
        if exit == nil { kill() }
        return exit
    }

    /// Kills the child (its whole process group when it leads one, and whatever else is left in it after it
    /// ended), and reaps it. SIGKILL cannot be caught, so the wait that follows is short.
    public func kill() {
        if leadsGroup { _ = Glibc.kill(-pid, SIGKILL) }
        if exit == nil {
            _ = Glibc.kill(pid, SIGKILL)
            _ = reap(blocking: true)
        }
    }

    /// Closes this side's pipes; anything still writing to them gets SIGPIPE instead of an audience.
    public func closePipes() {
        for descriptor in [output, error] where descriptor >= 0 { Glibc.close(descriptor) }
        (output, error) = (-1, -1)
    }

    @discardableResult
    private func reap(blocking: Bool) -> Bool {
        if exit != nil { return true }
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result < 0, errno == EINTR { continue }
            if result < 0, errno == ECHILD {
                // Reaped elsewhere: ended, how unknown.
                exit = .exited(-1)
                return true
            }
            guard result == pid else { return false }
            let signal = status & 0x7f
            exit = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
            return true
        }
    }
}
