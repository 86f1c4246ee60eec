import Synchronization
import Testing
import VozTestSupport

/// The test clock the timing tests stand on: sleepers wake exactly when an advance passes their deadline, earliest
/// first, and never before.
@Suite(.timeLimit(.minutes(1))) struct ManualClockTests {
    /// Sleepers that log their label as they wake, or that they were cancelled.
    private final class WakeLog: Sendable {
        private let stored = Mutex<[String]>([])
        var labels: [String] { stored.withLock { $0 } }

        func sleep(on clock: ManualClock, until milliseconds: Int, label: String) async {
            do {
                try await clock.sleep(until: .init(offset: .milliseconds(milliseconds)))
                stored.withLock { $0.append(label) }
            } catch {
                stored.withLock { $0.append(label + " cancelled") }
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        /// Each sleeper's label and deadline in milliseconds, in the order they go to sleep.
        var sleepers: [(String, Int)]
        /// Each advance in milliseconds, and the sleepers it wakes.
        var advances: [(Int, Set<String>)]
        var testDescription: String { "\(sleepers) advanced \(advances.map(\.0))" }
    }

    static let cases: [Case] = [
        Case(sleepers: [("a", 30), ("b", 10), ("c", 20)], advances: [(30, ["a", "b", "c"])]),
        Case(sleepers: [("a", 10), ("b", 50)], advances: [(20, ["a"]), (29, []), (1, ["b"])]),
        Case(sleepers: [("a", 10)], advances: [(9, [])]),
        // Advances add up; a deadline is met to the millisecond, not one early.
        Case(sleepers: [("a", 10), ("b", 25)], advances: [(5, []), (5, ["a"]), (14, []), (1, ["b"])]),
        Case(sleepers: [("a", 10), ("b", 10), ("c", 5)], advances: [(5, ["c"]), (5, ["a", "b"])]),
    ]

    /// Runs each sleeper in a task of its own, one asleep before the next starts; the tasks by label.
    private static func start(_ sleepers: [(String, Int)], on clock: ManualClock, log: WakeLog) async
        -> [String: Task<Void, Never>]
    {
        var tasks: [String: Task<Void, Never>] = [:]
        for (label, deadline) in sleepers {
            let asleep = clock.sleeperCount
            tasks[label] = Task { await log.sleep(on: clock, until: deadline, label: label) }
            await clock.waitForSleepers(asleep + 1)
        }
        return tasks
    }

    @Test(arguments: cases)
    func anAdvanceWakesExactlyTheSleepersItsTimeReaches(_ test: Case) async {
        let clock = ManualClock()
        let log = WakeLog()
        let tasks = await Self.start(test.sleepers, on: clock, log: log)
        var woke = 0
        var elapsed = 0
        for (step, woken) in test.advances {
            let before = log.labels.count
            clock.advance(by: .milliseconds(step))
            elapsed += step
            #expect(clock.now == .init(offset: .milliseconds(elapsed)))
            for label in woken { await tasks[label]?.value }
            #expect(Set(log.labels.dropFirst(before)) == woken, "after \(elapsed) ms")
            woke += woken.count
            // Synchronous: the advance took every due sleeper out, and no other.
            #expect(clock.sleeperCount == test.sleepers.count - woke, "after \(elapsed) ms")
        }
        for task in tasks.values { task.cancel() }
    }

    /// Moving to the next deadline, again and again, wakes the sleepers earliest deadline first.
    @Test(arguments: [
        ([("a", 30), ("b", 10), ("c", 20)], ["b", "c", "a"]),
        ([("a", 5), ("b", 500), ("c", 50), ("d", 5000)], ["a", "c", "b", "d"]),
    ])
    func steppingToEachNextDeadlineWakesTheSleepersInDeadlineOrder(_ sleepers: [(String, Int)], order: [String])
        async
    {
        let clock = ManualClock()
        let log = WakeLog()
        let tasks = await Self.start(sleepers, on: clock, log: log)
        for label in order {
            #expect(clock.advanceToNextDeadline())
            await tasks[label]?.value
            let deadline = sleepers.first { $0.0 == label }?.1 ?? -1
            #expect(clock.now == .init(offset: .milliseconds(deadline)))
        }
        #expect(log.labels == order)
        #expect(!clock.advanceToNextDeadline(), "nothing sleeps any more")
    }

    @Test func aDeadlineAlreadyPassedDoesNotSleep() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(2))
        try await clock.sleep(until: .init(offset: .seconds(1)))
        try await clock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
    }

    @Test func theClockNeverMovesBack() {
        let clock = ManualClock()
        clock.advance(by: .seconds(5))
        clock.advance(to: .init(offset: .seconds(1)))
        #expect(clock.now == .init(offset: .seconds(5)))
        #expect(clock.now.duration(to: clock.now.advanced(by: .milliseconds(250))) == .milliseconds(250))
    }

    @Test func aCancelledSleeperLeavesAndThrows() async {
        let clock = ManualClock()
        let log = WakeLog()
        let sleeper = Task { await log.sleep(on: clock, until: 100, label: "a") }
        await clock.waitForSleepers(1)
        sleeper.cancel()
        await sleeper.value
        #expect(log.labels == ["a cancelled"])
        #expect(clock.sleeperCount == 0)
    }

    @Test func theDeadlinesAreListedEarliestFirst() async {
        let clock = ManualClock()
        let tasks = await Self.start([("late", 300), ("early", 120)], on: clock, log: WakeLog())
        #expect(clock.deadlines == [.init(offset: .milliseconds(120)), .init(offset: .milliseconds(300))])
        #expect(clock.nextDeadline == .init(offset: .milliseconds(120)))
        for task in tasks.values { task.cancel() }
    }

    @Test func advancingThroughWorkPlaysEveryWaitOutAtItsDeadline() async {
        let clock = ManualClock()
        let woke = Mutex<[Duration]>([])
        let total = await clock.advancing {
            for _ in 0..<3 {
                try? await clock.sleep(for: .milliseconds(40))
                let now = clock.now.offset
                woke.withLock { $0.append(now) }
            }
            return clock.now.offset
        }
        #expect(total == .milliseconds(120))
        #expect(woke.withLock { $0 } == [.milliseconds(40), .milliseconds(80), .milliseconds(120)])
    }

    @Test func aWatcherWhoseTaskIsCancelledStopsWaiting() async {
        let clock = ManualClock()
        let watcher = Task { await clock.waitForSleepers(3) }
        watcher.cancel()
        await watcher.value
        #expect(clock.sleeperCount == 0)
    }
}
