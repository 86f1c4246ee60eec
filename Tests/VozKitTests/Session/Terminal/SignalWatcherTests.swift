import Foundation
import Synchronization
import Testing

@testable import VozSession

#if canImport(Glibc)
    import Glibc
#endif

/// The watcher a form run installs: a signal becomes a call, and the signals go back to their earlier handlers
/// when the run ends, as a library must leave them.
@Suite(.serialized) struct SignalWatcherTests {
    /// The handler's address (0 for SIG_DFL, 1 for SIG_IGN): C function pointers compare by address.
    private static func handler(of number: Int32) -> Int {
        var current = sigaction()
        sigaction(number, nil, &current)
        return current.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) } ?? 0
    }

    @Test func aSignalBecomesACallAndTheEarlierHandlerComesBack() async throws {
        // The test process's own SIGHUP handling, whatever it is, must be what is left.
        let before = Self.handler(of: SIGHUP)
        let calls = Mutex(0)
        let watcher = SignalWatcher { calls.withLock { $0 += 1 } }
        #expect(Self.handler(of: SIGHUP) != before)
        kill(getpid(), SIGHUP)
        let deadline = ContinuousClock.now + .seconds(5)
        while calls.withLock({ $0 }) == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(calls.withLock { $0 } == 1)
        watcher.cancel()
        #expect(Self.handler(of: SIGHUP) == before)
        watcher.cancel()
        #expect(Self.handler(of: SIGHUP) == before, "a second cancel changes nothing")
    }

    /// Issue 37, item 7: Ctrl-Z, then `fg`, at a password prompt. The shell puts its own settings back, echo on,
    /// before it continues the job; the continue (SIGCONT) turns echo off again, on a real pseudo-terminal, and
    /// interrupts nothing.
    @Test func aContinueAfterAStopTurnsEchoOffAgain() async throws {
        // posix_openpt, by hand: Glibc's module leaves it out. TIOCSPTLCK unlocks the pair, TIOCGPTN names it.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        defer { close(master) }
        var unlock: Int32 = 0
        var number: Int32 = -1
        try #require(ioctl(master, 0x4004_5431, &unlock) == 0 && ioctl(master, 0x8004_5430, &number) == 0)
        let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(terminal >= 0)
        defer { close(terminal) }
        func echoes() -> Bool {
            var settings = termios()
            tcgetattr(terminal, &settings)
            return settings.c_lflag & tcflag_t(ECHO) != 0
        }
        let calls = Mutex(0)
        // Modes of its own: every FormRunner run in the tests running beside this one restores the shared ones.
        let modes = TerminalModes()
        let watcher = SignalWatcher(modes: modes) { calls.withLock { $0 += 1 } }
        defer { watcher.cancel() }
        modes.disableEcho(terminal)
        defer { modes.restore() }
        #expect(!echoes(), "off for the password")

        // What the shell does when the job stops and again before `fg` continues it: its own settings, echo on.
        var shells = termios()
        tcgetattr(terminal, &shells)
        shells.c_lflag |= tcflag_t(ECHO)
        tcsetattr(terminal, TCSANOW, &shells)
        #expect(echoes())
        kill(getpid(), SIGCONT)
        let deadline = ContinuousClock.now + .seconds(5)
        while echoes(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(!echoes(), "off again once continued")
        #expect(calls.withLock { $0 } == 0, "a continue is no interruption")
        modes.restore()
        #expect(echoes(), "on when the prompt is answered")
    }

    /// The newcomer's report, item 6: after `fg` the session is told, so it can ask its question again; the
    /// interruption handler is not called.
    @Test func aContinueIsReportedToItsOwnHandler() async throws {
        let continued = Mutex(0)
        let interrupted = Mutex(0)
        let watcher = SignalWatcher(modes: TerminalModes(), onContinue: { continued.withLock { $0 += 1 } }) {
            interrupted.withLock { $0 += 1 }
        }
        defer { watcher.cancel() }
        kill(getpid(), SIGCONT)
        let deadline = ContinuousClock.now + .seconds(5)
        while continued.withLock({ $0 }) == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(continued.withLock { $0 } == 1)
        #expect(interrupted.withLock { $0 } == 0)
    }

    @Test func vozsCancelIgnoresTheNextSignal() {
        let before = Self.handler(of: SIGHUP)
        let watcher = SignalWatcher {}
        watcher.cancel(ignoringLater: true)
        #expect(Self.handler(of: SIGHUP) == 1)
        var restore = sigaction()
        restore.__sigaction_handler.sa_handler = before == 0 ? nil : unsafeBitCast(before, to: sighandler_t.self)
        sigaction(SIGHUP, &restore, nil)
    }
}
