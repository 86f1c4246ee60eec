import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The write end of the self-pipe the handler writes to, or -1 while no watcher runs.
private let wrapSignalPipe = Atomic<Int32>(-1)

/// The handler: only async-signal-safe work, the signal's number into the pipe.
private func passSignal(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    let descriptor = wrapSignalPipe.load(ordering: .relaxed)
    if descriptor >= 0 { _ = write(descriptor, &byte, 1) }
}

/// The signals the person sends `voz wrap` (Ctrl-C, Ctrl-\, Ctrl-Z and `fg`, a window resized, a hang-up or
/// termination), turned into calls on a thread of their own so they can be passed on to the program.
///
/// A plain handler and a self-pipe, as the session's watcher: it works whatever signal mask voz was given and
/// whichever thread the kernel picks. One runs at a time; `cancel` gives the signals back to their old handlers.
final class WrapSignals: @unchecked Sendable {
    static let signals = [SIGINT, SIGQUIT, SIGTSTP, SIGCONT, SIGTERM, SIGHUP, SIGWINCH]
    private let ends: (read: Int32, write: Int32)
    private var previous: [Int32: sigaction] = [:]
    private let cancelled = Atomic<Bool>(false)

    /// Calls `handler` with each signal's number as it comes, until cancelled.
    init(_ handler: @escaping @Sendable (Int32) -> Void) {
        var pair: [Int32] = [-1, -1]
        guard pipe(&pair) == 0 else {
            ends = (-1, -1)
            return
        }
        // The program started next must not hold the pipe open.
        for end in pair { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        ends = (pair[0], pair[1])
        wrapSignalPipe.store(pair[1], ordering: .relaxed)
        let readEnd = pair[0]
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count < 0, errno == EINTR { continue }
                // The write end closed: the watcher was cancelled.
                guard count == 1 else { break }
                handler(Int32(byte))
            }
            close(readEnd)
        }
        for number in Self.signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = passSignal
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            sigaction(number, &action, &old)
            previous[number] = old
        }
    }

    /// Gives the signals back to their handlers from before. Safe to call more than once.
    func cancel() {
        guard !cancelled.exchange(true, ordering: .relaxed), ends.write >= 0 else { return }
        for number in Self.signals {
            if var old = previous[number] { sigaction(number, &old, nil) }
        }
        wrapSignalPipe.store(-1, ordering: .relaxed)
        close(ends.write)
    }

    deinit {
        cancel()
    }
}
