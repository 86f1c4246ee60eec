import Foundation
import VozProcess

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Running to the end

extension ChildProcess {
    /// What a child run to its end wrote, and how it ended.
    public struct Finished: Sendable {
        /// How it ended: by itself, or by the stop at the limit.
        public var ending: Exit
        /// Whether it outlived its limit and was stopped.
        public var timedOut: Bool
        public var outputBytes: [UInt8]
        public var errorBytes: [UInt8]
        /// From the spawn to the moment its end was seen.
        public var elapsed: Duration
        /// The most memory it held at once (its peak resident set), in kilobytes, when known.
        public var peakMemoryKilobytes: Int?

        /// How it ended by itself; nil when it was stopped at the limit.
        public var exit: Exit? { timedOut ? nil : ending }
        /// The exit code, or the number of the signal that ended it.
        public var status: Int32 { ending.status }
        /// The signal that ended it (a crash, or the stop's); nil when it exited.
        public var signal: Int32? { ending.signal }
        public var output: String { String(decoding: outputBytes, as: UTF8.self) }
        public var error: String { String(decoding: errorBytes, as: UTF8.self) }
        public var seconds: Double {
            Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
    }

    /// How long a child's pipes are still read after its end, for what something it started writes last; a
    /// daemon that keeps them open costs no more than this.
    static let lateOutputGrace = Duration.milliseconds(250)

    /// Runs `executable` to its end with `input` on standard input, reading both pipes as it goes; the waiting
    /// happens on a thread of its own, so no thread of Swift's concurrency pool is held by it. See `runBlocking`.
    public static func run(
        executable: String, arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        input: [UInt8] = [], limit: Duration? = nil, interruptGrace: Duration? = nil
    ) async throws(SpawnError) -> Finished {
        let outcome = await onOwnThread {
            Result { () throws(SpawnError) -> Finished in
                try runBlocking(
                    executable: executable, arguments: arguments, environment: environment, directory: directory,
                    input: input, limit: limit, interruptGrace: interruptGrace)
            }
        }
        return try outcome.get()
    }

    /// Runs `executable` to its end, in a process group of its own that is killed whole once it has ended, so
    /// nothing it started outlives the run. `input` is written as the child takes it, beside the reading, so a
    /// megabyte blocks on neither pipe; standard input closes once it is all written.
    /// - Parameters:
    ///   - limit: after this long it is stopped and `timedOut`; nil waits as long as it takes.
    ///   - interruptGrace: at the limit, SIGINT first and this long to leave (as a person's Ctrl-C), then SIGKILL;
    ///     nil kills at once.
    public static func runBlocking(
        executable: String, arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        input: [UInt8] = [], limit: Duration? = nil, interruptGrace: Duration? = nil
    ) throws(SpawnError) -> Finished {
        // The child may close standard input before reading all of it; that must not end this process.
        Glibc.signal(SIGPIPE, SIG_IGN)
        let child = try ChildProcess(
            executable: executable, arguments: arguments, environment: environment, directory: directory,
            input: .pipe, newProcessGroup: true)
        var pending: ArraySlice<UInt8>? = input[...]
        let deadline = limit.map { child.started.advanced(by: $0) }
        var (output, error) = child.pump(until: deadline, feeding: &pending)
        let timedOut = !child.hasEnded
        if timedOut, let interruptGrace {
            child.signal(SIGINT)
            let more = child.pump(until: .now.advanced(by: interruptGrace), feeding: &pending)
            output += more.output
            error += more.error
        }
        if !child.hasEnded { child.kill() }
        let elapsed = child.started.duration(to: .now)
        let late = child.readUntilClosed(within: lateOutputGrace)
        // Ended with something of its group still running: nothing is left.
        child.kill()
        child.closePipes()
        // A pipe whose number another part of this process closed or reused under the reader: what was read is
        // not the child's whole output, and a test must not take it for that.
        let lost = child.process.lostChannels.subtracting([.input])
        if !lost.isEmpty {
            let names = lost.map { $0 == .output ? "standard output" : "standard error" }.sorted()
            throw SpawnError(
                description: "\(executable): \(names.joined(separator: " and ")) closed under the reader by another "
                    + "part of this process; its output is lost")
        }
        return Finished(
            ending: child.exit ?? .exited(-1), timedOut: timedOut, outputBytes: output + late.output,
            errorBytes: error + late.error, elapsed: elapsed, peakMemoryKilobytes: child.peakMemoryKilobytes)
    }

    /// Reads both pipes until the child ends or `limit` has passed, whichever comes first, and returns what they
    /// held; the child is left as it is (`exit` is nil when it is still running).
    public func readToEnd(upTo limit: Duration) -> (output: [UInt8], error: [UInt8]) {
        var nothing: ArraySlice<UInt8>?
        return pump(until: ContinuousClock.now.advanced(by: limit), feeding: &nothing)
    }

    /// `pump(for:feeding:)` until the child ends or `deadline` (none when nil) passes, with what is left after.
    func pump(
        until deadline: ContinuousClock.Instant?, feeding pending: inout ArraySlice<UInt8>?
    ) -> (output: [UInt8], error: [UInt8]) {
        var output: [UInt8] = []
        var error: [UInt8] = []
        while !hasEnded {
            let left = deadline.map { ContinuousClock.now.duration(to: $0) } ?? .seconds(60)
            guard left > .zero else { break }
            let got = pump(for: left, feeding: &pending)
            output += got.output
            error += got.error
        }
        let last = read(for: .zero)
        return (output + last.output, error + last.error)
    }

    /// After the child's end: what its pipes still carry, read until both have closed or `grace` has passed.
    func readUntilClosed(within grace: Duration) -> (output: [UInt8], error: [UInt8]) {
        let deadline = ContinuousClock.now.advanced(by: grace)
        var got = drain()
        while descriptor(.output) >= 0 || descriptor(.error) >= 0 {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { break }
            waitForPipes(upTo: left, writing: false)
            let more = drain()
            got.output += more.output
            got.error += more.error
        }
        return got
    }
}
