#if canImport(Glibc)
    import Glibc
#endif

/// The time a blocking wait reads, and how it pauses between looks: the system's in a program, a test's own in a
/// test, which then asserts a deadline to the exact step instead of within a wall-clock bound.
///
/// Blocking, not `async`: the waits it serves (a child's end, a process group emptying) run on threads of their
/// own, never on Swift's concurrency pool.
public protocol PollingClock: Sendable {
    associatedtype Instant: InstantProtocol where Instant.Duration == Duration

    /// The time now.
    var now: Instant { get }

    /// Waits `duration` (a test's clock moves itself on instead).
    func pause(_ duration: Duration)
}

/// The system's monotonic clock, pausing with nanosleep.
public struct SystemPollingClock: PollingClock {
    public init() {}

    public var now: ContinuousClock.Instant { ContinuousClock.now }

    public func pause(_ duration: Duration) {
        guard duration > .zero else { return }
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&request, &left) < 0, errno == EINTR { request = left }
    }
}

extension PollingClock {
    /// Looks at `done` every `interval` until it holds or `deadline` has passed, and says whether it held; looks
    /// once more at the deadline, so a condition met during the last pause is not missed.
    public func poll(until deadline: Instant, every interval: Duration, _ done: () -> Bool) -> Bool {
        while true {
            if done() { return true }
            let left = now.duration(to: deadline)
            if left <= .zero { return false }
            pause(min(interval, left))
        }
    }

    /// `poll(until:every:_:)` for `limit` from now.
    public func poll(for limit: Duration, every interval: Duration, _ done: () -> Bool) -> Bool {
        poll(until: now.advanced(by: limit), every: interval, done)
    }
}

/// `duration` in whole milliseconds for poll(2), at least one so a wait never spins, at most Int32's range.
func pollMilliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    return Int32(clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
}
