import Foundation

/// A moment in the monotonic clock, for bounding reads, writes and waits.
struct Deadline: Sendable {
    private let end: ContinuousClock.Instant

    init(seconds: Double) {
        end = ContinuousClock.now.advanced(by: .milliseconds(Int64(max(0, seconds) * 1_000)))
    }

    /// Milliseconds left, clamped to what `poll` takes; 0 once passed.
    var remainingMilliseconds: Int32 {
        let left = ContinuousClock.now.duration(to: end)
        let milliseconds = left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000
        return Int32(clamping: max(0, milliseconds))
    }

    var hasPassed: Bool { ContinuousClock.now >= end }
}
