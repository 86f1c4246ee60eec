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
        /// The signal that ended it, nil when it exited.
        var signal: Int32?
        /// The most memory it held at once (its peak resident set), in kilobytes, when known.
        var peakMemoryKilobytes: Int?

        var stdout: String { String(decoding: standardOutput, as: UTF8.self) }
        var stderr: String { String(decoding: standardError, as: UTF8.self) }
        /// Standard output's lines, without the empty one after the last newline.
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    // MARK: - Running

    /// Runs voz to its end with `input` on standard input (written beside the reading, so a megabyte does not
    /// block on a full pipe); after `timeout` it is interrupted, as by Ctrl-C, then killed. Waits on a thread of
    /// its own, so a test waiting for voz never holds one of the few threads that every test's async work shares.
    static func run(
        _ arguments: [String], input: Data = Data(), environment: [String: String], timeout: TimeInterval = 60
    ) async throws -> Output {
        let raw = try await ChildProcess.run(
            executable: VozProcess.executable.path, arguments: arguments, environment: environment,
            directory: VozProcess.packageRoot.path, input: Array(input), limit: .seconds(timeout),
            interruptGrace: .milliseconds(500))
        TranscriptCollector.keep(
            arguments: arguments, input: input, environment: environment, directory: VozProcess.packageRoot)
        return Output(
            status: raw.status, standardOutput: Data(raw.outputBytes), standardError: Data(raw.errorBytes),
            elapsed: raw.elapsed, timedOut: raw.timedOut, signal: raw.signal,
            peakMemoryKilobytes: raw.peakMemoryKilobytes)
    }
}
