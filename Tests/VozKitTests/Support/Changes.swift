import Synchronization

/// A count of changes a task can wait on: a waiter names the count it last saw and returns once it has moved, so a
/// change between looking and waiting is never missed, and nothing polls.
final class Changes: Sendable {
    private struct State {
        var count = 0
        var waiters: [(seen: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// How many changes there have been.
    var count: Int { state.withLock { $0.count } }

    /// Counts one change and wakes every waiter.
    func signal() {
        let waiters = state.withLock { state in
            state.count += 1
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.continuation.resume() }
    }

    /// Returns once the count is past `seen` (at once when it is already).
    func wait(past seen: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let moved = state.withLock { state -> Bool in
                if state.count > seen { return true }
                state.waiters.append((seen, continuation))
                return false
            }
            if moved { continuation.resume() }
        }
    }

    /// Returns once `condition` holds, checking it after every change.
    func wait(until condition: () -> Bool) async {
        while true {
            let seen = count
            if condition() { return }
            await wait(past: seen)
        }
    }
}
