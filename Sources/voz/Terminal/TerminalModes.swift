import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Remembers the terminal's settings before echo is turned off, so they are restored on every exit path,
/// Ctrl-C included.
final class TerminalModes: Sendable {
    static let shared = TerminalModes()

    private struct Saved: @unchecked Sendable {
        var descriptor: Int32
        var settings: termios
    }

    private let saved = Mutex<Saved?>(nil)

    /// Turns echo off on a terminal; false when it is not one or the settings cannot be changed.
    func disableEcho(_ descriptor: Int32) -> Bool {
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else { return false }
        saved.withLock { $0 = Saved(descriptor: descriptor, settings: settings) }
        var silent = settings
        silent.c_lflag &= ~tcflag_t(ECHO)
        return tcsetattr(descriptor, TCSAFLUSH, &silent) == 0
    }

    /// Puts back the settings saved by `disableEcho`, if any.
    func restore() {
        saved.withLock { current in
            guard var state = current else { return }
            tcsetattr(state.descriptor, TCSAFLUSH, &state.settings)
            current = nil
        }
    }
}
