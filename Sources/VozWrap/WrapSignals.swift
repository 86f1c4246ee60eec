import Foundation
import VozSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The signals the person sends `voz wrap` (Ctrl-C, Ctrl-\, Ctrl-Z and `fg`, a window resized, a hang-up or
/// termination), turned into calls on a thread of their own so they can be passed on to the program: the one
/// `SignalPipe`, as the session's watcher. `cancel` gives the signals back to their old handlers.
final class WrapSignals: Sendable {
    static let signals = [SIGINT, SIGQUIT, SIGTSTP, SIGCONT, SIGTERM, SIGHUP, SIGWINCH]
    private let pipe: SignalPipe

    /// Calls `handler` with each signal's number as it comes, until cancelled.
    init(_ handler: @escaping @Sendable (Int32) -> Void) {
        pipe = SignalPipe(Self.signals, handler)
    }

    /// Gives the signals back to their handlers from before. Safe to call more than once.
    func cancel() {
        pipe.cancel()
    }
}
