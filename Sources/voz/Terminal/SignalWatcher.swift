import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The write end of the self-pipe the signal handler writes to; set once, before any handler is installed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The handler: only async-signal-safe work, one byte into the pipe.
private func forwardSignal(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd, &byte, 1)
}

/// Turns Ctrl-C (SIGINT), SIGTERM and a closed terminal (SIGHUP) into a call, so the session can save its
/// draft, restore the terminal, stop the demo service and say one line before voz exits with 130.
///
/// A plain handler and a self-pipe, read on a thread of its own: it works whatever signal mask the parent gave
/// voz and whichever thread the kernel picks, which a dispatch signal source does not promise.
final class SignalWatcher: @unchecked Sendable {
    private let readEnd: Int32

    init(_ handler: @escaping @Sendable () -> Void) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            readEnd = -1
            return
        }
        readEnd = ends[0]
        signalPipeWriteEnd = ends[1]
        let readEnd = self.readEnd
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1 else { return }
                // Echo comes back first: whatever happens next, the terminal must not stay silent.
                TerminalModes.shared.restore()
                handler()
            }
        }
        for number in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = forwardSignal
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, nil)
        }
    }

    /// Stops forwarding once the session has ended: a second Ctrl-C then must not cut short the clean-up that
    /// follows (the demo service's temporary database, the terminal's modes), which takes milliseconds.
    func cancel() {
        for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, SIG_IGN) }
    }
}
