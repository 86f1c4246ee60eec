import Foundation
import VozSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Turns Ctrl-C (SIGINT), SIGTERM and a closed terminal (SIGHUP) into a call, so the session can save its
/// draft, restore the terminal and say one line before the program ends; and a continue after a stop (SIGCONT, the
/// shell's `fg` after Ctrl-Z) into echo off again, when a secret is being typed.
///
/// It stands on the one `SignalPipe` (VozSupport), as `voz wrap` does; one runs at a time.
package final class SignalWatcher: Sendable {
    private static let signals = [SIGINT, SIGTERM, SIGHUP, SIGCONT]
    private let pipe: SignalPipe

    /// - Parameter modes: the terminal modes to put back; the process's own, but for a test that must not share them
    ///   with the runs of other tests.
    /// - Parameter onContinue: called after echo is set again when the program is continued after a stop, so the
    ///   question can be asked again.
    package init(
        modes: TerminalModes = .shared, onContinue: (@Sendable () -> Void)? = nil,
        _ handler: @escaping @Sendable () -> Void
    ) {
        pipe = SignalPipe(Self.signals) { number in
            // Continued after a stop: the run goes on, with the modes it had.
            if number == SIGCONT {
                modes.reassertEchoOff()
                onContinue?()
                return
            }
            // Echo comes back first: whatever happens next, the terminal must not stay silent.
            modes.restore()
            handler()
        }
    }

    /// Stops forwarding once the session has ended. With `ignoringLater`, a later signal is ignored rather than
    /// handled as before: a program that still has milliseconds of clean-up to do (a temporary database, the
    /// terminal's modes) must not be cut short by a second Ctrl-C. Otherwise the signals go back to their handlers
    /// from before the watcher, as a library must leave them. Safe to call more than once.
    package func cancel(ignoringLater: Bool = false) {
        // Ignoring SIGCONT would not stop a continue; there is nothing to keep from a later one.
        pipe.cancel(ignoringLater: ignoringLater ? [SIGINT, SIGTERM, SIGHUP] : [])
    }
}
