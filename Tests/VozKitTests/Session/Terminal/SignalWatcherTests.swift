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
