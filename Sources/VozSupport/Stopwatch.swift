/// One injected clock, both waited on and read: its time as the duration since the stopwatch was made, so readings
/// of any clock can be kept, compared and subtracted without naming its instant type.
///
/// A wait that is also measured (a "still sending" reminder's elapsed time, a `Retry-After` deadline) sleeps and
/// reads on this one clock: on a test's manual clock the reading is exactly the time it was advanced.
package struct Stopwatch: Sendable {
    package let clock: any Clock<Duration>
    private let reading: @Sendable () -> Duration

    package init(_ clock: any Clock<Duration>) {
        self.clock = clock
        reading = Self.reading(from: clock)
    }

    /// Opens the clock's type once, here, so the reading keeps its own instant.
    private static func reading<C: Clock<Duration>>(from clock: C) -> @Sendable () -> Duration {
        let origin = clock.now
        return { origin.duration(to: clock.now) }
    }

    /// The time on the clock since the stopwatch was made.
    package var elapsed: Duration { reading() }

    /// Sleeps `duration` on the clock; throws when the task is cancelled.
    package func sleep(for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }
}
