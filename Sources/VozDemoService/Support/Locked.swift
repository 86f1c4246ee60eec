import Foundation

/// A value guarded by a lock, shared between the accept thread and the connection threads.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 while the package still declares macOS 13.
final class Locked<Value>: @unchecked Sendable {
    // The lock serialises every access to `value`; that is what makes the unchecked conformance sound.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
