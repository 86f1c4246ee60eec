import Foundation
import Synchronization
import VozAnnouncer

#if canImport(Glibc)
    import Glibc
#endif

/// What speech-dispatcher said about Voz's messages (begin, end, cancel) and whether it is still there, handed
/// from libspeechd's thread to whoever waits for a message — with no `spd_*` call on that thread.
final class SpeechdEvents: Sendable {
    /// How a message finished.
    struct Finish: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            /// Said to the end.
            case ended
            /// Cut short or dropped: by Voz's own cancel, or by speech-dispatcher (another client's message cancels
            /// `text`).
            case cancelled
            /// The server went away.
            case lost
        }

        var kind: Kind
        /// Whether speech-dispatcher began saying it.
        var began: Bool
        /// When it began, for measurements.
        var beganAt: ContinuousClock.Instant?
    }

    private struct State {
        var began: [Int: ContinuousClock.Instant] = [:]
        /// Messages finished before anyone waited for them (an event can overtake the reply with the id).
        var finished: [Int: Finish.Kind] = [:]
        var waiters: [Int: CheckedContinuation<Finish, Never>] = [:]
        var lost = false
    }

    private let state = Mutex(State())
    private let watcher = Mutex<HangupWatcher?>(nil)

    // MARK: - From libspeechd's thread

    /// Takes one event for message `id`; called from the callback, so it only records and resumes.
    func deliver(_ event: SpeechdConnection.Event, id: Int) {
        let now = ContinuousClock.now
        let resumed: (CheckedContinuation<Finish, Never>, Finish)? = state.withLock { state in
            switch event {
            case .begin:
                state.began[id] = now
                return nil
            case .end, .cancel:
                let kind: Finish.Kind = event == .end ? .ended : .cancelled
                let began = state.began.removeValue(forKey: id)
                guard let waiter = state.waiters.removeValue(forKey: id) else {
                    state.finished[id] = kind
                    if let began { state.began[id] = began }
                    return nil
                }
                return (waiter, Finish(kind: kind, began: began != nil, beganAt: began))
            }
        }
        if let (waiter, finish) = resumed { waiter.resume(returning: finish) }
    }

    // MARK: - Waiting

    /// Waits until message `id` ends, is cancelled, or the server goes away.
    func wait(for id: Int) async -> Finish {
        await withCheckedContinuation { continuation in
            let ready: Finish? = state.withLock { state in
                if state.lost { return Finish(kind: .lost, began: state.began[id] != nil, beganAt: state.began[id]) }
                if let kind = state.finished.removeValue(forKey: id) {
                    let began = state.began.removeValue(forKey: id)
                    return Finish(kind: kind, began: began != nil, beganAt: began)
                }
                state.waiters[id] = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Ends the wait for `id` as cancelled, when speech-dispatcher said nothing after Voz cancelled it.
    func forget(_ id: Int) {
        let waiter = state.withLock { state in
            state.began[id] = nil
            return state.waiters.removeValue(forKey: id)
        }
        waiter?.resume(returning: Finish(kind: .cancelled, began: false, beganAt: nil))
    }

    /// When message `id` began, if it has.
    func beganAt(_ id: Int) -> ContinuousClock.Instant? {
        state.withLock { $0.began[id] }
    }

    // MARK: - The server going away

    /// Whether the server has gone away.
    var isLost: Bool { state.withLock { $0.lost } }

    /// Marks the server gone and ends every wait.
    func lose() {
        let waiters = state.withLock { state in
            state.lost = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for (id, waiter) in waiters {
            waiter.resume(returning: Finish(kind: .lost, began: beganAt(id) != nil, beganAt: nil))
        }
    }

    /// Watches `socket` (a duplicate of the connection's) on a thread of its own for the server hanging up.
    func watch(socket: Int32) {
        watcher.withLock { $0 = HangupWatcher(socket: socket) { [weak self] in self?.lose() } }
    }

    func stopWatching() {
        let current = watcher.withLock { watcher in
            defer { watcher = nil }
            return watcher
        }
        current?.stop()
    }

    /// Whether the server has hung up, checked now (for a refused message, before the watcher has noticed).
    static func hasHungUp(_ socket: Int32) -> Bool {
        var entry = pollfd(fd: socket, events: readHangup, revents: 0)
        guard poll(&entry, 1, 0) > 0 else { return false }
        return entry.revents & (readHangup | Int16(POLLHUP | POLLERR | POLLNVAL)) != 0
    }
}

/// `POLLRDHUP`, which Glibc's module leaves out (it needs `_GNU_SOURCE`): the peer closed its end.
private let readHangup: Int16 = 0x2000

/// A thread blocked in `poll` on a socket for hang-up only (never for data, which libspeechd reads), and on a
/// pipe that wakes it to stop.
private final class HangupWatcher: Sendable {
    private let wake: (read: Int32, write: Int32)

    init(socket: Int32, onHangup: @escaping @Sendable () -> Void) {
        var fds: [Int32] = [-1, -1]
        pipe(&fds)
        wake = (fds[0], fds[1])
        let wakeRead = fds[0]
        Thread.detachNewThread {
            var entries = [
                pollfd(fd: socket, events: readHangup, revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            while true {
                let ready = poll(&entries, 2, -1)
                if ready < 0 {
                    if errno == EINTR { continue }
                    break
                }
                if entries[1].revents != 0 { break }
                if entries[0].revents != 0 {
                    onHangup()
                    break
                }
            }
            close(wakeRead)
        }
    }

    func stop() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        close(wake.write)
    }
}
