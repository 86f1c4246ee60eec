import Foundation

/// Runs the real `voz` binary with raw bytes on standard input and keeps every byte it writes, so a test can feed
/// invalid UTF-8 or NUL bytes and look for escape characters that a decoded string would hide.
struct RawVozProcess {
    struct Output {
        var status: Int32
        var standardOutput: Data
        var standardError: Data
        /// How long the process ran.
        var elapsed: Duration
        /// Whether it had to be stopped because it outlived the timeout.
        var timedOut: Bool

        var stdout: String { String(decoding: standardOutput, as: UTF8.self) }
        var stderr: String { String(decoding: standardError, as: UTF8.self) }
        /// Standard output's lines, without the empty one after the last newline.
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    // MARK: - Running

    /// Runs voz to its end with `input` on standard input (written from another thread, so a megabyte does not
    /// block on a full pipe); stops it after `timeout`. Waits on a thread of its own, so a test waiting for voz
    /// never holds one of the few threads that every test's async work shares.
    static func run(
        _ arguments: [String], input: Data = Data(), environment: [String: String], timeout: TimeInterval = 60
    ) async throws -> Output {
        try await onOwnThread {
            try runBlocking(arguments, input: input, environment: environment, timeout: timeout)
        }
    }

    private static func runBlocking(
        _ arguments: [String], input: Data, environment: [String: String], timeout: TimeInterval
    ) throws -> Output {
        // voz may close its end of standard input before reading all of it; that must not kill the test runner.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = VozProcess.executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = VozProcess.packageRoot
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
            // voz may stop reading before the end (it refused the line or finished); a closed pipe is fine.
            try? stdin.fileHandleForWriting.write(contentsOf: input)
            try? stdin.fileHandleForWriting.close()
            writing.leave()
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        let timedOut = process.isRunning
        if timedOut {
            process.interrupt()
            Thread.sleep(forTimeInterval: 0.5)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        let elapsed = clock.now - start
        writing.wait()
        let (output, error) = drain.wait()
        return Output(
            status: process.terminationStatus, standardOutput: output, standardError: error, elapsed: elapsed,
            timedOut: timedOut)
    }

}
