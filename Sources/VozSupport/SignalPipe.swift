import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The write end of the self-pipe the signal handler writes to, or -1 while no pipe runs.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// The handler: only async-signal-safe work, the signal's number into the pipe.
private func forwardSignal(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    let descriptor = signalPipeWriteEnd.load(ordering: .relaxed)
    if descriptor >= 0 { _ = write(descriptor, &byte, 1) }
}

/// Signals turned into calls on a thread of their own: a plain handler and a self-pipe, which works whatever signal
/// mask the parent gave the program and whichever thread the kernel picks (a dispatch signal source promises
/// neither). The session's watcher and `voz wrap` both stand on it; one runs at a time, since a handler is the
/// process's, and `cancel` gives the signals back to what handled them before.
package final class SignalPipe: @unchecked Sendable {
    private let signals: [Int32]
    private let ends: (read: Int32, write: Int32)
    private var previous: [Int32: sigaction] = [:]
    private let cancelled = Atomic<Bool>(false)

    /// Calls `handler` with each of `signals` as it comes, in order, until cancelled.
    package init(_ signals: [Int32], _ handler: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        var pair: [Int32] = [-1, -1]
        guard pipe(&pair) == 0 else {
            ends = (-1, -1)
            return
        }
        // A program started later must not hold the pipe open.
        for end in pair { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        ends = (pair[0], pair[1])
        signalPipeWriteEnd.store(pair[1], ordering: .relaxed)
        let readEnd = pair[0]
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count < 0, errno == EINTR { continue }
                // The write end closed: the pipe was cancelled.
                guard count == 1 else { break }
                handler(Int32(byte))
            }
            close(readEnd)
        }
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = forwardSignal
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            sigaction(number, &action, &old)
            previous[number] = old
        }
    }

    /// Stops forwarding. The signals go back to their handlers from before, as a library must leave them; those in
    /// `ignoringLater` are ignored instead, so a second Ctrl-C cannot cut a program's last clean-up short. Safe to
    /// call more than once.
    package func cancel(ignoringLater: Set<Int32> = []) {
        guard !cancelled.exchange(true, ordering: .relaxed), ends.write >= 0 else { return }
        for number in signals {
            if ignoringLater.contains(number) {
                signal(number, SIG_IGN)
            } else if var old = previous[number] {
                sigaction(number, &old, nil)
            }
        }
        signalPipeWriteEnd.store(-1, ordering: .relaxed)
        close(ends.write)
    }

    deinit {
        cancel()
    }
}
