import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A pipe that becomes readable, and stays readable, once the service is stopping.
///
/// Every wait in the service (accept, reads, writes, latency, held requests, slow drip) polls this descriptor too,
/// so `stop()` ends them all at once without closing descriptors under another thread's feet.
final class StopSignal: Sendable {
    /// The read end: include it in every `poll`.
    let readDescriptor: Int32
    private let writeDescriptor: Int32
    private let fired = Mutex(false)

    init() throws(DemoServiceError) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            throw .systemCall(name: "pipe", code: errno)
        }
        ListeningSocket.makeNonBlocking(descriptors[0])
        ListeningSocket.makeNonBlocking(descriptors[1])
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    /// Wakes every waiter; later calls do nothing.
    func fire() {
        let first = fired.withLock { fired in
            defer { fired = true }
            return !fired
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    var isFired: Bool { fired.withLock { $0 } }

    /// Sleeps for `seconds` unless the service stops first; true when it stopped.
    @discardableResult
    func wait(seconds: Double) -> Bool {
        let deadline = Deadline(seconds: seconds)
        while !isFired {
            let remaining = deadline.remainingMilliseconds
            if remaining <= 0 { return false }
            var entry = pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, remaining)
        }
        return true
    }

    /// Closes both ends; only once nobody polls them any more.
    func close() {
        _ = Glibc.close(readDescriptor)
        _ = Glibc.close(writeDescriptor)
    }
}
