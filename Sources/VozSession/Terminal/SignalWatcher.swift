import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The write end of the self-pipe the signal handler writes to, or -1 while no watcher runs.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// The handler: only async-signal-safe work, one byte into the pipe.
private func forwardSignal(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    let descriptor = signalPipeWriteEnd.load(ordering: .relaxed)
    if descriptor >= 0 { _ = write(descriptor, &byte, 1) }
}

/// Turns Ctrl-C (SIGINT), SIGTERM and a closed terminal (SIGHUP) into a call, so the session can save its
/// draft, restore the terminal and say one line before the program ends; and a continue after a stop (SIGCONT, the
/// shell's `fg` after Ctrl-Z) into echo off again, when a secret is being typed.
///
/// A plain handler and a self-pipe, read on a thread of its own: it works whatever signal mask the parent gave
/// the program and whichever thread the kernel picks, which a dispatch signal source does not promise. One watcher
/// runs at a time; `cancel` gives the signals back to what handled them before.
package final class SignalWatcher: @unchecked Sendable {
    private static let signals = [SIGINT, SIGTERM, SIGHUP, SIGCONT]
    private let ends: (read: Int32, write: Int32)
    private var previous: [Int32: sigaction] = [:]
    private let cancelled = Atomic<Bool>(false)

    /// - Parameter modes: the terminal modes to put back; the process's own, but for a test that must not share them
    ///   with the runs of other tests.
    /// - Parameter onContinue: called after echo is set again when the program is continued after a stop, so the
    ///   question can be asked again.
    package init(
        modes: TerminalModes = .shared, onContinue: (@Sendable () -> Void)? = nil,
        _ handler: @escaping @Sendable () -> Void
    ) {
        var pair: [Int32] = [-1, -1]
        guard pipe(&pair) == 0 else {
            ends = (-1, -1)
            return
        }
        // A program the tool starts later must not hold the pipe open.
        for end in pair { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        ends = (pair[0], pair[1])
        signalPipeWriteEnd.store(pair[1], ordering: .relaxed)
        let readEnd = pair[0]
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count < 0, errno == EINTR { continue }
                // The write end closed: the watcher was cancelled.
                guard count == 1 else { break }
                // Continued after a stop: the run goes on, with the modes it had.
                if Int32(byte) == SIGCONT {
                    modes.reassertEchoOff()
                    onContinue?()
                    continue
                }
                // Echo comes back first: whatever happens next, the terminal must not stay silent.
                modes.restore()
                handler()
            }
            close(readEnd)
        }
        for number in Self.signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = forwardSignal
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            sigaction(number, &action, &old)
            previous[number] = old
        }
    }

    /// Stops forwarding once the session has ended. With `ignoringLater`, a later signal is ignored rather than
    /// handled as before: a program that still has milliseconds of clean-up to do (a temporary database, the
    /// terminal's modes) must not be cut short by a second Ctrl-C. Otherwise the signals go back to their handlers
    /// from before the watcher, as a library must leave them. Safe to call more than once.
    package func cancel(ignoringLater: Bool = false) {
        guard !cancelled.exchange(true, ordering: .relaxed), ends.write >= 0 else { return }
        for number in Self.signals {
            // Ignoring SIGCONT would not stop a continue; there is nothing to keep from a later one.
            if ignoringLater, number != SIGCONT {
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
