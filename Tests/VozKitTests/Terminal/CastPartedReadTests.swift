import Foundation
import Testing

@testable import VozKit
@testable import VozTerminal

/// A recording past a megabyte is read in parts, one a core: the parts must read it as one reader from the top does.
@Suite struct CastPartedReadTests {
    /// A v2 or v3 file of `lines` event lines, with blank lines, CR LF endings and (v3) comments mixed in, and
    /// `bad` line numbers that are no event. Returns the text and, for each event, its line and data.
    static func file(version: Int, lines: Int, bad: Set<Int> = [], longGaps: Set<Int> = []) -> (
        text: String, events: [(line: Int, data: String)]
    ) {
        let v2 = #"{"version": 2, "width": 80, "height": 24}"#
        var text = (version == 3 ? #"{"version": 3, "term": {"cols": 80, "rows": 24}}"# : v2) + "\n"
        var number = 1
        var events: [(Int, String)] = []
        for index in 0..<lines {
            number += 1
            if index % 97 == 5 {
                text += "   \n"
                continue
            }
            if version == 3, index % 89 == 7 {
                text += "# a comment\n"
                continue
            }
            if bad.contains(number) {
                text += "[0.1, \"o\"\n"
                continue
            }
            let data = "frame \(index) \\u001b[K padding padding padding padding padding"
            let time = version == 3 ? (longGaps.contains(index) ? 6e8 : 0.1) : Double(index) / 10
            text += "[\(time), \"o\", \"\(data)\"]" + (index % 13 == 0 ? "\r\n" : "\n")
            events.append((number, "frame \(index) \u{1B}[K padding padding padding padding padding"))
        }
        return (text, events)
    }

    static let size = 30_000  // about 2 MB: past the parted size

    @Test(arguments: [2, 3])
    func aLongFileReadsAsOneReaderWouldReadIt(version: Int) throws {
        let (text, expected) = Self.file(version: version, lines: Self.size)
        #expect(text.utf8.count > CastRecording.partedReadBytes)
        let recording = try CastRecording.parse(Data(text.utf8), path: "long.cast")
        #expect(recording.events.count == expected.count)
        #expect(recording.events.map(\.line) == expected.map(\.line))
        #expect(recording.events.map(\.data) == expected.map(\.data))
        if version == 3 {
            let last = try #require(recording.events.last)
            #expect(abs(last.time - Double(expected.count) / 10) < 1e-6)
        }
    }

    /// The first bad line in the file is the one said, whichever part it is in.
    @Test(arguments: [[25_000], [500, 25_000], [14_990, 15_010, 29_000]])
    func theFirstBadLineIsSaid(bad: [Int]) {
        let (text, _) = Self.file(version: 2, lines: Self.size, bad: Set(bad))
        #expect(throws: RecordingError.badEvent(path: "bad.cast", line: bad[0])) {
            try CastRecording.parse(Data(text.utf8), path: "bad.cast")
        }
    }

    /// v3's times add up across the parts: one that runs past a billion seconds is said at its own line, before
    /// a bad line later in the file.
    @Test func aV3TimeThatOverflowsIsSaidBeforeALaterBadLine() throws {
        let gaps: Set = [20_000, 20_001]
        let (text, events) = Self.file(version: 3, lines: Self.size, bad: [29_000], longGaps: gaps)
        // Two gaps of 600 million seconds: the second passes a billion.
        let overflowing = try #require(events.first { $0.data.hasPrefix("frame 20001 ") }).line
        #expect(throws: RecordingError.badEvent(path: "v3.cast", line: overflowing)) {
            try CastRecording.parse(Data(text.utf8), path: "v3.cast")
        }
    }
}
