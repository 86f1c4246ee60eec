import CSpawn
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process watched without ever waiting on it unbounded: its standard output and error come back through
/// pipes of its own, read together, and its end is seen by `waitpid`, not by the end of a pipe. The one way the
/// tests, their fixtures, the bench and the fuzzer start a program.
///
/// The fuzzer's supervisor once stalled because it waited for end of file on a pipe whose write end another
/// process still held. Here every descriptor is close-on-exec from birth (`pipe2`), so no other child inherits a
/// pipe end; a child gets its own ends as 0, 1 and 2 and nothing above (`closefrom` 3); the parent closes its
/// copies of the child's ends right after the spawn; and once the child has ended, what is left in the pipes is
/// read without waiting, so a grandchild still holding them cannot hold the reader too.
///
/// `posix_spawn`, not Foundation's `Process`: the bench times a child's first byte, which must cost only what the
/// kernel charges, and `Process` adds threads and run-loop work to every start; its children also inherit the
/// spawning thread's signal mask (a test runner's threads block SIGTERM), so a polite stop never arrived.
///
/// Asking how it ended, signalling and killing are safe from any thread; reading belongs to one thread at a time.
public final class ChildProcess: Sendable {
    /// How a child ended.
    public enum Exit: Sendable, Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// Where the child's standard input comes from.
    public enum Input: Sendable {
        /// /dev/null: end of file at once.
        case null
        /// A pipe this object holds open until `closeInput()`, as a person at a keyboard would.
        case pipe
    }

    /// Where the child's standard output or error goes.
    public enum Stream: Sendable {
        /// A pipe this object reads.
        case pipe
        /// /dev/null.
        case null
        /// The parent's own, inherited.
        case inherited
    }

    public struct SpawnError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The parent's ends of the child's pipes (-1 once closed or when there is none) and how the child ended.
    struct State: Sendable {
        var exit: Exit?
        /// The most memory the child held at once (its peak resident set), in kilobytes, once reaped.
        var peakKilobytes: Int?
        var input: Int32
        var output: Int32
        var error: Int32
    }

    public let pid: pid_t
    /// When `posix_spawn` was called: the start a bench figure measures from.
    public let started: ContinuousClock.Instant
    let leadsGroup: Bool
    let state: Mutex<State>

    /// Starts `executable` (a path; no search of PATH).
    /// - Parameters:
    ///   - environment: nil inherits this process's.
    ///   - directory: the folder it starts in; nil is this process's.
    ///   - newProcessGroup: the child leads a process group of its own, so `kill()` also reaches what it started.
    public init(
        executable: String, arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        input: Input = .null, output: Stream = .pipe, error: Stream = .pipe, newProcessGroup: Bool = false
    ) throws(SpawnError) {
        var inputPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        let wanted = [(input == .pipe, 0), (output == .pipe, 1), (error == .pipe, 2)].filter(\.0).map(\.1)
        for stream in wanted {
            var ends: [Int32] = [-1, -1]
            guard pipe2(&ends, O_CLOEXEC) == 0 else {
                let reason = String(cString: strerror(errno))
                for end in inputPipe + outputPipe + errorPipe where end >= 0 { Glibc.close(end) }
                throw SpawnError(description: "cannot make a pipe: \(reason)")
            }
            if stream == 0 { inputPipe = ends } else if stream == 1 { outputPipe = ends } else { errorPipe = ends }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input == .pipe {
            // dup2 clears close-on-exec on the copy, so the child keeps exactly its own ends.
            posix_spawn_file_actions_adddup2(&actions, inputPipe[0], STDIN_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        Self.direct(output, to: STDOUT_FILENO, pipe: outputPipe, in: &actions)
        Self.direct(error, to: STDERR_FILENO, pipe: errorPipe, in: &actions)
        if let directory { posix_spawn_file_actions_addchdir_np(&actions, directory) }
        // Whatever this process opened without close-on-exec (Foundation's own pipes, a test's files) stays here.
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        var attributes = Self.attributes(newProcessGroup: newProcessGroup)
        defer { posix_spawnattr_destroy(&attributes) }

        var argv = ([executable] + arguments).map { strdup($0) } + [nil]
        var variables =
            (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + variables { free(pointer) }
        }
        var child: pid_t = 0
        started = ContinuousClock.now
        let status = argv.withUnsafeMutableBufferPointer { argvBuffer in
            variables.withUnsafeMutableBufferPointer { envBuffer in
                guard let argvBase = argvBuffer.baseAddress, let envBase = envBuffer.baseAddress else { return EINVAL }
                return posix_spawn(&child, executable, &actions, &attributes, argvBase, envBase)
            }
        }
        // The child's ends belong to the child alone: a copy kept here would hide its end from every reader.
        for end in [inputPipe[0], outputPipe[1], errorPipe[1]] where end >= 0 { Glibc.close(end) }
        guard status == 0 else {
            for end in [inputPipe[1], outputPipe[0], errorPipe[0]] where end >= 0 { Glibc.close(end) }
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        leadsGroup = newProcessGroup
        // Non-blocking, so one loop can wait on all three with poll and never sit in a read or a write.
        for end in [inputPipe[1], outputPipe[0], errorPipe[0]] where end >= 0 {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        state = Mutex(State(exit: nil, input: inputPipe[1], output: outputPipe[0], error: errorPipe[0]))
    }

    deinit {
        if exit == nil { kill() }
        closePipes()
        closeInput()
    }

    // MARK: - Spawning

    /// Points `descriptor` of the child at its pipe's write end, at /dev/null, or leaves it inherited.
    private static func direct(
        _ stream: Stream, to descriptor: Int32, pipe: [Int32], in actions: inout posix_spawn_file_actions_t
    ) {
        switch stream {
        case .pipe: posix_spawn_file_actions_adddup2(&actions, pipe[1], descriptor)
        case .null: posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
        case .inherited: break
        }
    }

    /// The child starts with no signal blocked and every handler at its default: the spawning thread's mask (a
    /// test runner's and Swift's own threads block some) and what this process ignores (SIGPIPE, once input was
    /// written) would otherwise be inherited, and a SIGTERM would never arrive. Destroyed by the caller.
    private static func attributes(newProcessGroup: Bool) -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var defaults = sigset_t()
        sigfillset(&defaults)
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
        return attributes
    }
}

// MARK: - How it ended

extension ChildProcess.Exit: CustomStringConvertible {
    /// The exit code, or the number of the signal that ended it: what Foundation's `terminationStatus` says.
    public var status: Int32 {
        switch self {
        case .exited(let code), .signalled(let code): return code
        }
    }

    /// The signal that ended it; nil when it exited.
    public var signal: Int32? {
        if case .signalled(let signal) = self { return signal }
        return nil
    }

    public var description: String {
        switch self {
        case .exited(let code): return "exit \(code)"
        case .signalled(let signal): return "signal \(signal)"
        }
    }
}
