import Foundation
import VozTestSupport

// MARK: - Running to the end

extension ChildProcess {
    /// What a child run to its end wrote, and how it ended.
    public struct Finished: Sendable {
        /// Nil when it was killed at the limit.
        public var exit: Exit?
        public var output: String
        public var error: String
        public var seconds: Double
    }

    /// Runs `executable` to its end, or kills it (and its process group) at `limit`, reading both pipes as it goes.
    /// The waiting happens on a thread of its own, so no thread of Swift's concurrency pool is held by it.
    public static func run(
        executable: String, arguments: [String], environment: [String: String]? = nil, limit: Duration
    ) async throws(SpawnError) -> Finished {
        let outcome = await onOwnThread {
            Result { () throws(SpawnError) -> Finished in
                try runBlocking(executable: executable, arguments: arguments, environment: environment, limit: limit)
            }
        }
        return try outcome.get()
    }

    /// Reads both pipes until the child ends or `limit` has passed, whichever comes first, and returns what they
    /// held; the child is left as it is (`exit` is nil when it is still running).
    public func readToEnd(upTo limit: Duration) -> (output: [UInt8], error: [UInt8]) {
        let deadline = ContinuousClock.now.advanced(by: limit)
        var output: [UInt8] = []
        var error: [UInt8] = []
        while !hasEnded, ContinuousClock.now < deadline {
            let got = read(for: ContinuousClock.now.duration(to: deadline))
            output += got.output
            error += got.error
        }
        let last = read(for: .zero)
        return (output + last.output, error + last.error)
    }

    private static func runBlocking(
        executable: String, arguments: [String], environment: [String: String]?, limit: Duration
    ) throws(SpawnError) -> Finished {
        let started = ContinuousClock.now
        let child = try ChildProcess(
            executable: executable, arguments: arguments, environment: environment, newProcessGroup: true)
        let (output, error) = child.readToEnd(upTo: limit)
        let ended = child.exit
        // Killed at the limit, or ended with something of its group still running: either way nothing is left.
        child.kill()
        child.closePipes()
        let elapsed = started.duration(to: .now)
        return Finished(
            exit: ended, output: String(decoding: output, as: UTF8.self), error: String(decoding: error, as: UTF8.self),
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}
