import Testing
import VozLocalization
import VozProcess

@testable import VozWrap

/// Real output through libvterm, read back as frames, and the narrator over them: each line once, whatever the
/// chunks, the scrolling or the volume.
@Suite struct LiveScreenTests {
    /// Feeds `chunks` and narrates each frame at one second apart; returns what was said, the end line included.
    static func narrate(_ chunks: [String], rows: Int = 5, columns: Int = 40) -> [String] {
        var screen = LiveScreen(rows: rows, columns: columns)
        var narrator = Narrator(program: "p", rows: rows, columns: columns, localizer: Localizer(language: .en))
        var said: [String] = []
        for (index, chunk) in chunks.enumerated() {
            said += narrator.observe(screen.feed(Array(chunk.utf8)), at: .seconds(index)).map(\.text)
        }
        said += narrator.finish(.finished, at: .seconds(chunks.count)).map(\.text)
        return said
    }

    @Test func lineFeedsGiveOneLineEachAcrossScrolls() {
        let text = (1...50).map { "line \($0)\r\n" }.joined()
        #expect(Self.narrate([text]) == (1...50).map { "line \($0)" } + ["p finished."])
    }

    @Test(arguments: [1, 3, 7, 64])
    func chunksCutAnywhereChangeNothing(size: Int) {
        let text = (1...30).map { "número \($0) ✓\r\n" }.joined()
        let bytes = Array(text.utf8)
        var screen = LiveScreen(rows: 4, columns: 30)
        var narrator = Narrator(program: "p", rows: 4, columns: 30, localizer: Localizer(language: .en))
        var said: [String] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + size)
            said += narrator.observe(screen.feed(Array(bytes[start..<end])), at: .milliseconds(start)).map(\.text)
            start = end
        }
        said += narrator.finish(.finished, at: .milliseconds(bytes.count)).map(\.text)
        #expect(said == (1...30).map { "número \($0)" } + ["p finished."])
    }

    @Test func aCarriageReturnProgressIsSaidSparselyWithItsLastState() {
        let frames = (0...100).map { "\rDownloading \($0)%" }
        var chunks = frames
        chunks[100] += "\r\nDone.\r\n"
        let said = Self.narrate(chunks)
        // One a second: the first state, then one in every ten, then the last.
        #expect(said.first == "Downloading 1%")
        #expect(said.contains("Downloading 100%"))
        #expect(said.suffix(2) == ["Done.", "p finished."])
        #expect(said.count < 15, "\(said)")
    }

    @Test func theAlternateScreenIsNotReadAndTheLinesBeforeItAreKept() {
        let said = Self.narrate([
            "before\r\n", "\u{1B}[?1049h\u{1B}[HTop of the screen\r\nCPU 10%", "\u{1B}[HTop of the screen\r\nCPU 11%",
            "\u{1B}[?1049lafter\r\n",
        ])
        #expect(
            said == [
                "before", "p draws a full screen, which cannot be read as lines.", "p left the full screen.", "after",
                "p finished.",
            ])
    }

    /// Wrapped in the middle of a word, a row fills the screen's width: its rest is on the next row. (Wrapped at a
    /// blank, the row's trailing blank is not kept, and the two rows are said as two lines.)
    @Test func aLongLineIsSaidWholeThoughTheTerminalWrappedIt() {
        let long = String(repeating: "0123456789", count: 7) + " end"
        #expect(Self.narrate([long + "\r\n"], columns: 30) == [long, "p finished."])
    }

    /// A status line pinned under a scroll region (lines scroll above it) is said when it changes, not with every line.
    @Test func aPinnedStatusLineIsNotReadWithEveryLine() {
        var chunks = ["\u{1B}[1;4r\u{1B}[5;1HStatus: 0 files\u{1B}[4;1H"]
        for index in 1...12 {
            chunks.append("file \(index)\r\n\u{1B}7\u{1B}[5;1H\u{1B}[KStatus: \(index) files\u{1B}8")
        }
        let said = Self.narrate(chunks)
        #expect(said.filter { $0.hasPrefix("file") } == (1...12).map { "file \($0)" })
        #expect(said.filter { $0.hasPrefix("Status") }.count <= 3, "\(said)")
        #expect(said.dropLast().last == "Status: 12 files")
    }

    @Test func completeLengthKeepsACutCharacterForTheNextRead() {
        let check = Array("✓".utf8)
        #expect(LiveScreen.completeLength([0x61] + check.prefix(2)) == 1)
        #expect(LiveScreen.completeLength([0x61] + check) == 4)
        #expect(LiveScreen.completeLength([0x80, 0x80, 0x80, 0x80, 0x80]) == 5)
    }
}
