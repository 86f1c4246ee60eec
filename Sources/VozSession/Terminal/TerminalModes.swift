import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Remembers the terminal's settings before echo is turned off, so they are restored on every exit path,
/// Ctrl-C included, and sets echo off again when the program is continued after a stop (Ctrl-Z, then `fg`).
package final class TerminalModes: Sendable {
    package static let shared = TerminalModes()

    /// Modes of their own, for a test that must not share the process's with the runs of other tests.
    package init() {}

    private struct Saved: @unchecked Sendable {
        var descriptor: Int32
        var settings: termios
    }

    private let saved = Mutex<Saved?>(nil)

    /// Turns echo off on a terminal; nothing happens when it is not one or the settings cannot be changed (whether
    /// it is off is `isEchoOff`). Already off (turned off before a prompt, then again to read), it stays off and the
    /// first saved settings are kept.
    ///
    /// TCSANOW, not TCSAFLUSH: flushing would throw away what the user typed ahead, the secret among it.
    package func disableEcho(_ descriptor: Int32) {
        saved.withLock { current in
            guard current == nil else { return }
            var settings = termios()
            guard tcgetattr(descriptor, &settings) == 0 else { return }
            var silent = settings
            silent.c_lflag &= ~tcflag_t(ECHO)
            guard tcsetattr(descriptor, TCSANOW, &silent) == 0 else { return }
            current = Saved(descriptor: descriptor, settings: settings)
        }
    }

    /// Whether echo is off now because of `disableEcho`.
    package var isEchoOff: Bool {
        saved.withLock { $0 != nil }
    }

    /// Turns echo off again if `disableEcho` turned it off: called when the program is continued after a stop. A
    /// shell puts back its own settings, echo on, when a job stops and again when `fg` continues it, and the
    /// password typed next would be shown and read by the screen reader. Only in the foreground: a program continued
    /// with `bg` that set the terminal would change the shell's (and be stopped by SIGTTOU); it is stopped again as
    /// it reads, and continued again by the `fg` that brings it back.
    package func reassertEchoOff() {
        saved.withLock { current in
            guard let state = current else { return }
            let foreground = tcgetpgrp(state.descriptor)
            guard foreground == -1 || foreground == getpgrp() else { return }
            var settings = termios()
            guard tcgetattr(state.descriptor, &settings) == 0, settings.c_lflag & tcflag_t(ECHO) != 0 else { return }
            settings.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(state.descriptor, TCSANOW, &settings)
        }
    }

    /// Puts back the settings saved by `disableEcho`, if any, keeping what was typed ahead for the next line.
    package func restore() {
        saved.withLock { current in
            guard var state = current else { return }
            tcsetattr(state.descriptor, TCSANOW, &state.settings)
            current = nil
        }
    }
}
