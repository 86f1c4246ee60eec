import Synchronization

/// A one-shot meeting point where several racers (the reply, a timer, the user's cancel) offer an outcome and the
/// first one wins.
///
/// The waiter is resumed by whoever resolves first, without waiting for the others to stop: a transport that
/// ignores cancellation cannot hold the session hostage.
final class FirstOutcome<Value: Sendable>: Sendable {
    private struct Slot {
        var waiter: CheckedContinuation<Value, Never>?
        var early: Value?
        var resolved = false
    }

    private let slot = Mutex(Slot())

    init() {}

    /// Offers `value`; ignored when another outcome already won.
    func resolve(_ value: Value) {
        let waiter: CheckedContinuation<Value, Never>? = slot.withLock { slot in
            guard !slot.resolved else { return nil }
            slot.resolved = true
            guard let waiter = slot.waiter else {
                slot.early = value
                return nil
            }
            slot.waiter = nil
            return waiter
        }
        waiter?.resume(returning: value)
    }

    /// The winning outcome; call once.
    func wait() async -> Value {
        await withCheckedContinuation { continuation in
            let early: Value? = slot.withLock { slot in
                if let early = slot.early { return early }
                slot.waiter = continuation
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }
    }
}
