import Testing

@testable import VozAnnouncer
@testable import VozKit
@testable import VozTranscript

/// A transcript line waits for its utterance's audio, and everything after it waits behind it.
@Suite struct TranscriptQueueTests {
    /// One step on a queue holding prompt 1 (awaiting utterance 1), an input, and announcement 2 (awaiting 2).
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var settle: [(number: Int, file: String?, dropped: Bool)]
        /// Texts released, in order, and the wav and detail of each.
        var released: [String]
        var wavs: [String?]
        var details: [String?]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "nothing settled: nothing released", settle: [], released: [], wavs: [], details: []),
        Case(
            name: "the first rendered: it and the input behind it", settle: [(1, "/w/0001.wav", false)],
            released: ["uno", "typed"], wavs: ["/w/0001.wav", nil], details: [nil, nil]),
        Case(
            name: "the second settled first: still held behind the first", settle: [(2, "/w/0002.wav", false)],
            released: [], wavs: [], details: []),
        Case(
            name: "the first dropped, the second rendered: all, in order",
            settle: [(2, "/w/0002.wav", false), (1, nil, true)], released: ["uno", "typed", "dos"],
            wavs: [nil, nil, "/w/0002.wav"], details: ["dropped", nil, nil]),
        Case(
            name: "never rendered but not dropped (a sink that failed): no file, no mark",
            settle: [(1, nil, false)], released: ["uno", "typed"], wavs: [nil, nil], details: [nil, nil]),
        Case(
            name: "an interrupted file is still named, never marked dropped", settle: [(1, "/w/0001.wav", true)],
            released: ["uno", "typed"], wavs: ["/w/0001.wav", nil], details: [nil, nil]),
    ]

    private static func queue() -> TranscriptQueue {
        var queue = TranscriptQueue()
        queue.append(TranscriptEvent(time: 5, kind: .prompt, text: "uno"), awaiting: 1)
        queue.append(TranscriptEvent(time: 7, kind: .input, text: "typed"))
        queue.append(TranscriptEvent(time: 9, kind: .announcement, text: "dos"), awaiting: 2)
        return queue
    }

    @Test(arguments: cases)
    func releasesOnlyWhatNoLongerWaits(_ test: Case) {
        var queue = Self.queue()
        for step in test.settle { queue.settle(step.number, file: step.file, dropped: step.dropped) }
        let released = queue.release()
        #expect(released.map(\.text) == test.released)
        #expect(released.map(\.wav) == test.wavs)
        #expect(released.map(\.detail) == test.details)
        #expect(released.map(\.time) == [5, 7, 9].prefix(released.count).map { $0 }, "each keeps its own time")
        #expect(queue.release().isEmpty, "released once")
    }

    @Test func releaseAllEmptiesTheQueueNamingNoFileForWhatStillWaits() {
        var queue = Self.queue()
        let all = queue.releaseAll()
        #expect(all.map(\.text) == ["uno", "typed", "dos"] && all.allSatisfy { $0.wav == nil && $0.detail == nil })
        #expect(queue.isEmpty)
    }
}
