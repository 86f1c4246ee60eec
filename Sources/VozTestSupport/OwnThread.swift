import Foundation

/// Runs blocking work (waiting on a child, polling a socket, reading a pipe to its end) on a thread of its own and
/// awaits its result, so no thread of Swift's concurrency pool waits on it. That pool has as many threads as the
/// machine has cores (two here): two tests blocking in it stop every other test's async work, and their bounds.
public func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    let outcome: Result<Value, any Error> = await withCheckedContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(returning: Result { try work() })
        }
    }
    return try outcome.get()
}

/// `onOwnThread` for work that cannot fail.
public func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(returning: work())
        }
    }
}
