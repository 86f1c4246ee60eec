import Synchronization

/// A clock that moves only when a test moves it: `advance` wakes every sleeper whose deadline it passes, earliest
/// deadline first, so a timeout, a `Retry-After` or a pace is asserted to the exact duration instead of within a
/// wall-clock bound.
///
/// A test starts the work, waits with `waitForSleepers` until the work is suspended on the clock, then advances:
/// nothing about the machine's load can make a deadline come early or late.
public final class ManualClock: Clock, Sendable {
    /// A point on the manual clock: the time advanced since the clock was made.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        public var offset: Duration

        public init(offset: Duration) {
            self.offset = offset
        }

        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        public static func < (left: Instant, right: Instant) -> Bool {
            left.offset < right.offset
        }

        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Watcher {
        var id: Int
        var count: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID = 0
        /// In the order they went to sleep, which breaks ties between equal deadlines.
        var sleepers: [Sleeper] = []
        var watchers: [Watcher] = []

        /// The watchers whose count of sleepers has been reached, taken out.
        mutating func satisfiedWatchers() -> [Watcher] {
            let count = sleepers.count
            let satisfied = watchers.filter { $0.count <= count }
            watchers.removeAll { $0.count <= count }
            return satisfied
        }
    }

    private let state = Mutex(State())

    public init() {}

    // MARK: - Clock

    public var now: Instant { state.withLock { $0.now } }

    public var minimumResolution: Duration { .zero }

    /// Suspends until the clock is advanced to `deadline` (at once when it is there already); a cancelled task's
    /// sleep ends with `CancellationError`, as the system clocks' do.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Checked under the lock: a cancel either comes before this (and is seen here) or finds the sleeper.
                let (outcome, watchers) = state.withLock { state -> (Result<Void, any Error>?, [Watcher]) in
                    if Task.isCancelled { return (.failure(CancellationError()), []) }
                    if deadline <= state.now { return (.success(()), []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return (nil, state.satisfiedWatchers())
                }
                if let outcome { continuation.resume(with: outcome) }
                for watcher in watchers { watcher.continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    // MARK: - Moving the clock

    /// Moves the clock `duration` forward and wakes every sleeper due by then.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves the clock to `instant` (never back) and wakes every sleeper due by then, earliest deadline first.
    public func advance(to instant: Instant) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = max(state.now, instant)
            let now = state.now
            // A stable sort: sleepers with one deadline wake in the order they went to sleep.
            let due = state.sleepers.enumerated().filter { $0.element.deadline <= now }
                .sorted { ($0.element.deadline, $0.offset) < ($1.element.deadline, $1.offset) }.map(\.element)
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Moves the clock to the earliest deadline of those asleep and wakes its sleepers; false when none sleeps.
    @discardableResult
    public func advanceToNextDeadline() -> Bool {
        guard let next = nextDeadline else { return false }
        advance(to: next)
        return true
    }

    // MARK: - Watching the sleepers

    /// How many tasks are asleep on the clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline of those asleep, when any sleeps.
    public var nextDeadline: Instant? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    /// Every deadline of those asleep, earliest first.
    public var deadlines: [Instant] { state.withLock { $0.sleepers.map(\.deadline).sorted() } }

    /// Returns once at least `count` tasks are asleep on the clock: the work under test has reached its waits, so
    /// the next `advance` finds them. Returns early when the waiting task is cancelled.
    public func waitForSleepers(_ count: Int) async {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if Task.isCancelled || state.sleepers.count >= count { return true }
                    state.watchers.append(Watcher(id: id, count: count, continuation: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let watcher = state.withLock { state -> Watcher? in
                guard let index = state.watchers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.watchers.remove(at: index)
            }
            watcher?.continuation.resume()
        }
    }

    /// Runs `work` while moving the clock to the next deadline whenever something sleeps on it, until `work`
    /// returns: for waits that are not the point of a test but must end (the rest of an utterance played out).
    public func advancing<Value: Sendable>(through work: @Sendable () async -> Value) async -> Value {
        let advancer = Task {
            while !Task.isCancelled {
                await waitForSleepers(1)
                advanceToNextDeadline()
            }
        }
        let value = await work()
        advancer.cancel()
        return value
    }
}
