import Testing
import VozTestSupport

@testable import VozTerminal

/// The output scanner reads runs of printable text eight bytes at a time where nothing can wrap; byte by byte it
/// must see the same: the same sightings, the same word and line carried on, the same column.
@Suite struct OutputScannerRunsTests {
    static let pieces: [String] = [
        "a", "Z", "7", " ", "-", "é", "█", "⠋", "日本", "\u{301}", "word", "progress", "\r", "\n", "\t", "\u{8}",
        "\u{7F}", "\u{1B}[K", "\u{1B}[2J", "\u{1B}[H", "\u{1B}[33m", "\u{1B}[0m", "\u{1B}[5;1H", "\u{1B}]0;t\u{7}",
        "\u{1B}[6n", String(repeating: "x", count: 9), String(repeating: "ab ", count: 7), "\u{1B}",
    ]

    /// Sightings, the last line said, and the state carried to the next chunk.
    struct Seen: Equatable {
        var sightings: [OutputScanner.Sighting] = []
        var said: [String] = []
    }

    @Test func runsAreReadAsBytesAre() {
        var random = SeededGenerator(seed: 41)
        for _ in 0..<400 {
            let width = Int.random(in: 2...24, using: &random)
            var fast = OutputScanner(width: width, height: 10)
            var slow = OutputScanner(width: width, height: 10)
            var seenFast = Seen()
            var seenSlow = Seen()
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                var chunk = ""
                for _ in 0..<Int.random(in: 0...10, using: &random) {
                    chunk += Self.pieces.randomElement(using: &random) ?? ""
                }
                // Chunks may split a character: the scanner reads bytes.
                var bytes = Array(chunk.utf8)
                if Bool.random(using: &random), !bytes.isEmpty {
                    bytes.removeLast(Int.random(in: 0...1, using: &random))
                }
                bytes.withUnsafeBytes { raw in
                    fast.scan(raw) { seenFast.sightings.append($0) }
                    slow.scan(raw, runs: false) { seenSlow.sightings.append($0) }
                }
                seenFast.said.append(fast.lastSaid)
                seenSlow.said.append(slow.lastSaid)
                #expect(fast.column == slow.column && fast.word == slow.word && fast.currentLine == slow.currentLine)
            }
            #expect(seenFast == seenSlow)
        }
    }

    @Test func eightByteScansStopWhereBytesDo() {
        let texts = [
            "", "abc", "abcdefgh", "abcdefghi\u{7F}", "abcdefg\u{1F}xyz", "日本語のテキスト\r\n", "████████▏  |\u{1B}[",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBytes { raw in
                for start in 0...bytes.count {
                    var end = start
                    while end < bytes.count, bytes[end] >= 0x20, bytes[end] != 0x7F { end += 1 }
                    #expect(OutputScanner.printableEnd(raw, from: start) == end)
                    let characters = bytes[start..<end].filter { $0 & 0xC0 != 0x80 }.count
                    #expect(OutputScanner.characterCount(raw, start..<end) == characters)
                }
            }
        }
    }
}
