import Foundation
import Synchronization
import Testing
import VozTestTraits

/// The thread a test's awaits come back on, and that they come back while Swift's cooperative pool is full.
@Suite struct ThreadExecutorTests {
    /// The name of the thread this runs on; synchronous, since an async function may move between threads.
    private static func threadName() -> String? { ThreadExecutor.currentThreadName }

    @Test func everyJobOfThePreferringTaskRunsOnTheExecutorsThread() async throws {
        let executor = ThreadExecutor(name: "voz-test-thread")
        defer { executor.stop() }
        let names = try await withTaskExecutorPreference(executor) {
            var names = [Self.threadName()]
            for _ in 0..<3 {
                try await Task.sleep(for: .milliseconds(5))
                names.append(Self.threadName())
            }
            async let child = Self.threadName()
            names.append(await child)
            return names
        }
        #expect(names == Array(repeating: "voz-test-thread", count: 5))
    }

    /// As many tasks as the pool has threads block them for 3 s; a sleep of 20 ms on the executor still ends in
    /// well under that. On the pool, its resumption would queue behind the blocking tasks.
    @Test func anAwaitComesBackWhileThePoolIsHeld() async throws {
        let holders = ProcessInfo.processInfo.activeProcessorCount
        let holding = Counter()
        let executor = ThreadExecutor(name: "voz-test-held")
        defer { executor.stop() }
        let held = (0..<holders).map { _ in
            Task.detached {
                holding.count.withLock { $0 += 1 }
                usleep(3_000_000)
            }
        }
        let elapsed = try await withTaskExecutorPreference(executor) {
            // Waits on this thread, not on the pool, until every holder is blocking.
            while holding.count.withLock({ $0 }) < holders { usleep(1_000) }
            let start = ContinuousClock.now
            try await Task.sleep(for: .milliseconds(20))
            return ContinuousClock.now - start
        }
        for task in held { await task.value }
        #expect(elapsed < .seconds(1))
    }

    private final class Counter: Sendable {
        let count = Mutex(0)
    }

    @Test func stopEndsTheThreadAfterTheJobsItHas() async {
        let executor = ThreadExecutor(name: "voz-test-stop")
        let ran = await withTaskExecutorPreference(executor) { Self.threadName() }
        executor.stop()
        #expect(ran == "voz-test-stop")
    }

    @Test(.ownThread) func theTraitPutsATestOnAThreadOfItsOwn() async throws {
        try await Task.sleep(for: .milliseconds(1))
        #expect(Self.threadName() == "theTraitPutsATe")
    }
}
