import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to its end and collects what it printed, both streams read at once on threads of their own
/// (`PipeDrain`): for the tests that drive voz, installed copies of it, the install script, bash and man as a
/// person's shell would. It blocks: from async code, call it through `onOwnThread`.
public struct ShellRun: Sendable {
    public var status: Int32
    public var output: String
    public var error: String

    /// Runs `executable` with `arguments` and `input` on standard input; `environment` nil inherits the test's own.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
        input: String = ""
    ) throws -> ShellRun {
        let raw = try runRaw(
            executable, arguments, environment: environment, directory: directory, input: Data(input.utf8))
        return ShellRun(
            status: raw.status, output: String(decoding: raw.output, as: UTF8.self),
            error: String(decoding: raw.error, as: UTF8.self))
    }

    // MARK: - Every byte

    /// A run's every byte, how long it took and whether it had to be stopped.
    public struct Raw: Sendable {
        public var status: Int32
        public var output: Data
        public var error: Data
        public var elapsed: Duration
        /// Whether it outlived its timeout and was stopped.
        public var timedOut: Bool
        /// The signal that ended it (a crash, or the timeout's), nil when it exited: `status` is then that number.
        public var signal: Int32? = nil
    }

    /// Runs `executable` to its end with `input` on standard input, written from a thread of its own so a megabyte
    /// does not block on a full pipe; after `timeout` (none when nil) it is interrupted, then killed.
    public static func runRaw(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
        input: Data = Data(), timeout: TimeInterval? = nil
    ) throws -> Raw {
        // The program may close its end of standard input before reading all of it; that must not kill the tests.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        let drain = PipeDrain(output: stdout, error: stderr)
        let writing = DispatchGroup()
        writing.enter()
        // A thread of its own, as PipeDrain's: a blocked write must not hold a thread of Dispatch's shared pool.
        Thread.detachNewThread {
            // The program may stop reading before the end (it refused the line or finished); a closed pipe is fine.
            try? stdin.fileHandleForWriting.write(contentsOf: input)
            try? stdin.fileHandleForWriting.close()
            writing.leave()
        }
        var timedOut = false
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            timedOut = process.isRunning
            if timedOut {
                process.interrupt()
                Thread.sleep(forTimeInterval: 0.5)
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            }
        }
        process.waitUntilExit()
        let elapsed = clock.now - start
        writing.wait()
        let (output, error) = drain.wait()
        return Raw(
            status: process.terminationStatus, output: output, error: error, elapsed: elapsed, timedOut: timedOut,
            signal: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil)
    }
}
