import Foundation
import Synchronization

/// Reads a child's standard output and error at once, each on its own thread, so a chatty program never blocks on
/// a full pipe while the other is read.
///
/// Threads of its own, not Dispatch's shared pool: a blocking read there holds one of the few threads (as many as
/// the machine has cores) that FoundationNetworking and timers share, and a suite beside it saw a 1 MiB loopback
/// reply or a 0.5 s timeout take seconds.
public final class PipeDrain: Sendable {
    private let drained = Mutex((output: Data(), error: Data()))
    private let group = DispatchGroup()

    /// Starts reading both pipes to their end.
    public init(output outputPipe: Pipe, error errorPipe: Pipe) {
        for (pipe, isError) in [(outputPipe, false), (errorPipe, true)] {
            group.enter()
            Thread.detachNewThread {
                let data = pipe.fileHandleForReading.readToEndRetrying()
                self.drained.withLock { drained in
                    if isError { drained.error = data } else { drained.output = data }
                }
                self.group.leave()
            }
        }
    }

    /// Waits until both pipes have closed, and returns what each carried.
    public func wait() -> (output: Data, error: Data) {
        group.wait()
        return drained.withLock { $0 }
    }
}
