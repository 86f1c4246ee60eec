import Foundation
import Testing
import VozTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The hang oracle's measure: processor time from `/proc/PID/stat`, whatever the command's name holds.
@Suite struct ProcessCPUTimeTests {
    static let cases: [(stat: String, seconds: Double?)] = [
        ("1234 (voz) R 1 1234 1234 0 -1 4194304 100 0 0 0 250 50 0 0 20 0 1 0 100 0 0", 3.0),
        // A name with spaces and parentheses: the fields count from the last ")".
        ("77 (a) b (c)) S 1 77 77 0 -1 0 0 0 0 0 7 3 0 0 20 0 1 0 5 0 0", 0.1),
        ("9 (idle) S 1 9 9 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 5 0 0", 0.0),
        ("9 (cut) S 1 9", nil),
        ("no parenthesis at all", nil),
        ("9 (voz) S 1 9 9 0 -1 0 0 0 0 0 x y 0 0 20", nil),
    ]

    @Test(arguments: cases)
    func readsUserAndSystemTime(stat: String, seconds: Double?) {
        #expect(ProcessCPUTime.seconds(fromStat: stat, ticksPerSecond: 100) == seconds)
    }

    @Test func aSpinningProcessSpendsAndAGoneOneHasNoFigure() {
        let before = ProcessCPUTime.seconds(of: getpid()) ?? -1
        let start = ContinuousClock.now
        var spins = 0
        while ContinuousClock.now - start < .milliseconds(300) { spins &+= 1 }
        let after = ProcessCPUTime.seconds(of: getpid()) ?? -1
        #expect(before >= 0 && after > before, "spun \(spins) times")
        #expect(ProcessCPUTime.seconds(of: 0x3fff_fff0) == nil)
    }
}
