import Testing
import VozLocalization

@testable import VozWrap

/// The screen reader `voz audit --listen` sets beside wrap, over real output through the screen model: every changed
/// row read whole, lines that scrolled off between two reads read too, and what must not be lost kept apart from
/// the narrator.
@Suite struct RawReaderTests {
    /// Feeds each chunk as one stretch of output, read once; returns the reader after the end.
    static func read(_ chunks: [String], rows: Int = 5, columns: Int = 40) -> RawReader {
        var screen = LiveScreen(rows: rows, columns: columns)
        var reader = RawReader(rows: rows)
        for chunk in chunks { reader.read(screen.feed(Array(chunk.utf8))) }
        reader.finish()
        return reader
    }

    @Test func everyFrameOfAProgressRowIsReadAndOnlyItsLastStateIsRequired() {
        let reader = Self.read((0...100).map { "\rDownloading \($0)%" })
        #expect(reader.utterances == 101)
        #expect(reader.words == 202)
        #expect(reader.required == ["Downloading 100%"])
    }

    @Test func linesThatScrolledOffBetweenTwoReadsAreReadAndRequired() {
        let reader = Self.read([(1...50).map { "line \($0)\r\n" }.joined()])
        #expect(reader.words == 100)
        #expect(reader.required == (1...50).map { "line \($0)" })
    }

    @Test func aLineReadBeforeItScrolledIsNotReadAgain() {
        let reader = Self.read((1...20).map { "line \($0)\r\n" })
        #expect(reader.utterances == 20)
        #expect(reader.required.count == 20)
    }

    /// A bar erased and drawn again in the next stretch is one row moving on; erased and left blank, or replaced by
    /// another message, what it showed last is required.
    @Test func anErasedRowIsRequiredOnlyWhenItIsNotDrawnAgain() {
        let redrawn = Self.read(["Copying 10%", "\r\u{1B}[K", "Copying 20%", "\r\u{1B}[K", "Copying 30%\r\n"])
        #expect(redrawn.required == ["Copying 30%"])
        let left = Self.read(["Working on it", "\r\u{1B}[K", "\r\n\r\nnext line\r\n"])
        #expect(left.required == ["Working on it", "next line"])
        let replaced = Self.read(["Working on it", "\rDone, 3 files.\r\n"])
        #expect(replaced.required == ["Working on it", "Done, 3 files."])
    }

    @Test func theFullScreenIsReadButNothingOnItIsRequired() {
        let reader = Self.read([
            "before\r\n", "\u{1B}[?1049h\u{1B}[HTop\r\nCPU 10%", "\u{1B}[2;1HCPU 11%", "\u{1B}[?1049lafter\r\n",
        ])
        #expect(reader.fullScreenUtterances == 3)
        #expect(reader.required == ["before", "after"])
    }

    // MARK: - Looking for what is required

    @Test func aRequiredLineIsFoundWholeInPartsOrAcrossTheScreensEdge() {
        let said = ["Downloading...", "done", "0123456789abcdef end", "p finished."]
        #expect(ListeningCost.missing(["Downloading... done", "0123456789abcdef", "end"], in: said).isEmpty)
        #expect(
            ListeningCost.missing(["Downloading 45%", "line never said"], in: said) == [
                "Downloading 45%", "line never said",
            ])
    }

    @Test(arguments: [(0.0, "0"), (1.04, "1"), (1.25, "1,3"), (9.96, "10"), (58.4, "58"), (1200.0, "1200")])
    func figuresAreWholeFromTenAndToOneDecimalBelow(value: Double, said: String) {
        #expect(ListeningCost.figure(value, decimal: ",") == said)
    }

    @Test func theProgramIsNamedByTheRecordingsFile() {
        #expect(ListeningCost.programName("/tmp/corpus/apt-install.cast") == "apt-install")
        #expect(ListeningCost.programName("run") == "run")
    }
}
