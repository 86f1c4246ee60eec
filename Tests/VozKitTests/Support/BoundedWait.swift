import Foundation
import Synchronization

/// Runs blocking work on a thread of its own and waits a bounded time for it, so a test of something that must
/// never block (opening a pipe nobody reads) fails instead of hanging the suite when it regresses.
enum BoundedWait {
    /// What `work` returned, or nil when it had not finished within `seconds`; then `release` is called to unblock
    /// it (opening the pipe's other end), so the stray thread ends too.
    static func run<T: Sendable>(
        within seconds: Double, release: @Sendable () -> Void = {}, _ work: @escaping @Sendable () -> T
    ) -> T? {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let value = work()
            result.withLock { $0 = value }
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else {
            release()
            return nil
        }
        return result.withLock { $0 }
    }

    /// Opens the FIFO at `path` for reading without waiting, and closes it at once: a writer blocked in open(2)
    /// on it is released.
    static func releaseWriter(of path: String) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        if descriptor >= 0 {
            usleep(100_000)
            close(descriptor)
        }
    }
}
