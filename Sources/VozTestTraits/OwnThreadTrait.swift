import Testing

/// Runs each test case of a test or suite on a `ThreadExecutor` of its own, with everything it awaits.
///
/// For tests whose assertions are about wall-clock time, or that wait for a real process as a person would: they
/// must not wait in the queue of the cooperative pool behind tests that compute. Work that blocks a thread (waiting
/// on a child, polling a socket) still belongs in `onOwnThread`, so that the test's own awaits are not held by it.
public struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's own scope covers all its tests: give the thread to each test case, not to the suite.
        guard testCase != nil, !test.isSuite else {
            try await function()
            return
        }
        let executor = ThreadExecutor(name: test.name)
        defer { executor.stop() }
        try await withTaskExecutorPreference(executor) {
            try await function()
        }
    }
}

extension Trait where Self == OwnThreadTrait {
    /// Each test case runs on a thread of its own, not on Swift's cooperative pool: see `OwnThreadTrait`.
    public static var ownThread: Self { OwnThreadTrait() }
}
