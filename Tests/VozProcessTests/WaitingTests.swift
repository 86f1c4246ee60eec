import Testing
import VozProcess

#if canImport(Glibc)
    import Glibc
#endif

/// Waits measured by an injected clock, and descriptors taken from under a reader.
@Suite struct WaitingTests {
    @Test func aPollEndsAtTheDeadlineOfItsClockAfterALastLook() {
        let clock = SteppingClock()
        var looks = 0
        let held = clock.poll(for: .milliseconds(100), every: .milliseconds(30)) {
            looks += 1
            return false
        }
        #expect(!held)
        // 30, 60, 90, then the last 10: four pauses, and a look after each and before the first.
        #expect(clock.pauses == 4)
        #expect(looks == 5)
        #expect(clock.now.offset == .milliseconds(100))
    }

    @Test func aPollEndsAsSoonAsItsConditionHolds() {
        let clock = SteppingClock()
        var looks = 0
        let held = clock.poll(for: .seconds(10), every: .milliseconds(10)) {
            looks += 1
            return looks == 3
        }
        #expect(held)
        #expect(clock.pauses == 2)
    }

    /// The grace before the kill is the clock's: with a clock a test moves, a program that ignores the polite
    /// signals is killed after the grace the clock measures, not the machine's.
    @Test func theGraceBeforeTheKillIsMeasuredByTheClock() throws {
        let child = try RunningProcess.spawn(
            ProcessOptions(
                executable: "sh", arguments: ["-c", "trap '' TERM HUP; echo ready; while :; do sleep 0.05; done"],
                grouping: .processGroup))
        #expect(child.text(from: .output, until: "ready", within: .seconds(10)).contains("ready"))
        let clock = SteppingClock()
        let start = ContinuousClock.now
        let ending = child.stop(grace: .seconds(600), every: .seconds(60), clock: clock)
        #expect(ending == .signalled(SIGKILL))
        #expect(clock.now.offset >= .seconds(600))
        #expect(start.duration(to: .now) < .seconds(30))
    }

    /// Another part of the process dup2s onto the reader's descriptor (a test that borrowed a fixed number): the
    /// reader must not take the replacement's end for the child's, nor close a number that is no longer its own.
    @Test func aDescriptorReplacedUnderTheReaderIsLostNotEnded() throws {
        let child = try RunningProcess.spawn(
            ProcessOptions(executable: "sh", arguments: ["-c", "sleep 0.3; echo late"]))
        let output = child.descriptor(.output)
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        #expect(dup2(null, output) == output)
        close(null)
        #expect(child.text(from: .output, within: .seconds(10)) == "")
        #expect(child.lostChannels == [.output])
        // The number is still open: it is the borrower's to close, not the reader's.
        #expect(fcntl(output, F_GETFD) >= 0)
        close(output)
        child.reap(blocking: true)
    }
}
