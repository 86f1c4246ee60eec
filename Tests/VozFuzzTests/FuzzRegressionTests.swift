import Foundation
import Testing
import VozFuzzing
import VozTestSupport
import VozTestTraits

/// Every input the fuzzer ever saved, run again through the same entry point; and a seeded slice of the fuzzer
/// itself, through the real binaries, on every `make test`.
@Suite(.ownThread) struct FuzzRegressionTests {
    static var savedInputs: [String] {
        let folder = FuzzCorpus.regressionFolder
        let walker = FileManager.default.enumerator(atPath: folder.path)
        let names = (walker?.allObjects as? [String]) ?? []
        return names.filter { FuzzTarget(fileExtension: ($0 as NSString).pathExtension) != nil }.sorted()
    }

    /// Replayed by `voz-fuzz --replay` in a process of its own, as the fuzzer ran it: a test runner whose few
    /// pool threads are held by other suites' daemons would otherwise stretch a 0.2 s session past any bound.
    @Test(arguments: savedInputs)
    func aSavedInputNoLongerCrashesOrHangs(_ name: String) async throws {
        let replay = try await Self.replay(name)
        #expect(replay.exit != nil, "\(name) hangs")
        #expect(replay.exit == .exited(0), "\(name): \(replay.error)")
    }

    /// Runs one saved input through `voz-fuzz --replay`, killed after 10 seconds (a hang: the session alone takes
    /// well under one).
    static func replay(_ name: String) async throws -> ChildProcess.Finished {
        try await ChildProcess.run(
            executable: FuzzHarnessTests.executable.path,
            arguments: ["--replay", FuzzCorpus.regressionFolder.appendingPathComponent(name).path],
            limit: .seconds(10))
    }

    /// A session whose input ended while lines waited for a send used to wait forever (found by the fuzzer,
    /// seed 19, input 127, about one run in two): many runs, each must end. The class behind it, and the other
    /// ways out of a send, are tested in SessionEndOfInputTests.
    @Test func aSessionWhoseInputEndsDuringASendAlwaysEnds() async throws {
        for _ in 0..<20 {
            let replay = try await Self.replay("answers/seed-19-127.txt")
            #expect(replay.exit == .exited(0), "still running after \(replay.seconds) s")
        }
    }

    @Test func theSameSeedMakesTheSameInputs() {
        for index in [0, 1, 2, 3, 997] {
            #expect(FuzzInputs.make(seed: 7, index: index) == FuzzInputs.make(seed: 7, index: index))
        }
        // Input 1 is a reply, mutated or generated: the seed always shows (a description may go in unmutated).
        #expect(FuzzInputs.make(seed: 7, index: 1) != FuzzInputs.make(seed: 8, index: 1))
    }

    /// `make test`'s slice (1,000 inputs from seed 1019) reaches every target, recordings through `voz` too.
    @Test func theMakeTestSliceTouchesEveryTargetInProcessAndThroughVoz() {
        let targets = Set((0..<1_000).map(FuzzInputs.target(index:)))
        #expect(targets == Set(FuzzTarget.allCases))
        let throughVoz = Set(
            (0..<1_000).filter { FuzzInputs.goesThroughVoz(index: $0, every: 50) }.map(FuzzInputs.target(index:)))
        #expect(throughVoz == Set(FuzzTarget.allCases))
    }

    @Test func aRecordingReportWithARawControlIsCaught() {
        #expect(FuzzRunner.firstRawControl(in: Array("ok\nfine".utf8)) == nil)
        #expect(FuzzRunner.firstRawControl(in: Array("a\u{85}b".utf8)) == 0x85)
        #expect(FuzzRunner.firstRawControl(in: Array("a\u{1B}[2J".utf8)) == 0x1B)
    }

    @Test func theCorpusHoldsTheProjectsOwnInputs() {
        #expect(FuzzCorpus.forms.count >= 30)
        #expect(FuzzCorpus.replies.count >= 30)
        #expect(FuzzCorpus.transcripts.count >= 2)
        // Real programs recorded by `voz record`: the recordings surface mutates them.
        #expect(FuzzCorpus.recordings.count >= 4)
        #expect(FuzzRunner.form != nil)
        // An empty or moved regression folder would leave aSavedInputNoLongerCrashesOrHangs with no case at all.
        #expect(Self.savedInputs.count >= 3, "\(FuzzCorpus.regressionFolder.path)")
    }
}
