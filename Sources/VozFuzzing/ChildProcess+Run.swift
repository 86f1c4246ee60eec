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

    private static func runBlocking(
        executable: String, arguments: [String], environment: [String: String]?, limit: Duration
    ) throws(SpawnError) -> Finished {
        let started = ContinuousClock.now
        let deadline = started.advanced(by: limit)
        let child = try ChildProcess(
            executable: executable, arguments: arguments, environment: environment, newProcessGroup: true)
        var output: [UInt8] = []
        var error: [UInt8] = []
        while !child.hasEnded, ContinuousClock.now < deadline {
            let got = child.read(for: ContinuousClock.now.duration(to: deadline))
            output += got.output
            error += got.error
        }
        let last = child.read(for: .zero)
        output += last.output
        error += last.error
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
