import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program started with `posix_spawn`, its output on a pipe, reaped with `wait4` for its resource usage.
///
/// Foundation's `Process` adds its own threads and run-loop work to every start; timing a child's first byte or
/// first line needs the start to cost only what the kernel charges, the same for Voz and for its alternative.
final class ChildProcess {
    /// How a child ended: its wait status and what it used.
    struct Ending {
        var status: Int32
        /// Peak resident set size in bytes (`ru_maxrss`).
        var peakBytes: Int
    }

    let pid: pid_t
    /// When `posix_spawn` was called.
    let started: ContinuousClock.Instant
    /// The read end of the child's standard output, or -1 when it goes to /dev/null.
    private(set) var output: Int32
    /// The write end of the child's standard input, or -1 when it reads /dev/null.
    private(set) var input: Int32
    private var ending: Ending?

    /// Starts `path` with `arguments`; stdout is a pipe when `captureOutput`, stdin a pipe when `keepInputOpen`.
    init(
        _ path: String, _ arguments: [String], environment: [String: String],
        captureOutput: Bool = true, keepInputOpen: Bool = false
    ) throws {
        var outPipe: [Int32] = [-1, -1]
        var inPipe: [Int32] = [-1, -1]
        if captureOutput { try Self.makePipe(&outPipe, path) }
        if keepInputOpen { try Self.makePipe(&inPipe, path) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if keepInputOpen {
            posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The child starts with no signal blocked and every handler at its default: a bench thread's mask (the
        // Swift runtime's threads block some) would otherwise be inherited, and SIGTERM would never arrive.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        started = ContinuousClock.now
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        if captureOutput { close(outPipe[1]) }
        if keepInputOpen { close(inPipe[0]) }
        guard result == 0 else {
            if captureOutput { close(outPipe[0]) }
            if keepInputOpen { close(inPipe[1]) }
            throw BenchError.spawn(path, result)
        }
        self.pid = pid
        output = captureOutput ? outPipe[0] : -1
        input = keepInputOpen ? inPipe[1] : -1
    }

    deinit {
        if ending == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
        closeOutput()
        if input >= 0 { close(input) }
    }

    /// A pipe whose ends other children do not inherit (Glibc's module does not export `pipe2`).
    private static func makePipe(_ ends: inout [Int32], _ path: String) throws {
        guard pipe(&ends) == 0 else { throw BenchError.spawn(path, errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    }

    // MARK: - Reading

    /// Reads until the first byte of output; returns when it arrived, or nil at end of file.
    func firstByte() -> ContinuousClock.Instant? {
        var byte: UInt8 = 0
        while true {
            let count = read(output, &byte, 1)
            if count == 1 { return ContinuousClock.now }
            if count < 0, errno == EINTR { continue }
            return nil
        }
    }

    /// Reads until the first line feed; returns when it arrived, or nil at end of file.
    func firstLine() -> ContinuousClock.Instant? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(output, &buffer, buffer.count)
            if count > 0, buffer[0..<count].contains(10) { return ContinuousClock.now }
            if count > 0 || (count < 0 && errno == EINTR) { continue }
            return nil
        }
    }

    /// Reads everything left until the pipe closes; returns the byte count and when it closed.
    func drainOutput() -> (bytes: Int, closed: ContinuousClock.Instant) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var total = 0
        while true {
            let count = read(output, &buffer, buffer.count)
            if count > 0 {
                total += count
                continue
            }
            if count < 0, errno == EINTR { continue }
            return (total, ContinuousClock.now)
        }
    }

    /// Reads exactly `count` bytes, or fewer at end of file; returns how many arrived.
    func readExactly(_ count: Int) -> Int {
        var buffer = [UInt8](repeating: 0, count: min(count, 65536))
        var total = 0
        while total < count {
            let got = read(output, &buffer, min(buffer.count, count - total))
            if got > 0 {
                total += got
            } else if got < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        return total
    }

    /// Reads everything until the pipe closes, as text.
    func readText() -> String {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(output, &buffer, buffer.count)
            if count > 0 {
                data += buffer[0..<count]
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return String(decoding: data, as: UTF8.self)
            }
        }
    }

    func closeOutput() {
        if output >= 0 { close(output) }
        output = -1
    }

    // MARK: - Ending

    /// Sends `signal` to the child.
    func signal(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits for the child to end and returns its status and peak memory; safe to call again.
    @discardableResult
    func wait() -> Ending {
        if let ending { return ending }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let ended = Ending(status: status, peakBytes: Int(usage.ru_maxrss) * 1024)
        ending = ended
        return ended
    }

    /// Runs `path` to its end with no output kept, and returns its wall time and ending.
    static func run(
        _ path: String, _ arguments: [String], environment: [String: String]
    ) throws -> (wall: Duration, ending: Ending) {
        let child = try ChildProcess(path, arguments, environment: environment, captureOutput: false)
        let ending = child.wait()
        return (ContinuousClock.now - child.started, ending)
    }
}
