import Testing
import VozTestSupport

@testable import VozScreenAudit

/// The byte paths the recording rules take for rows of ASCII and drawing glyphs (a progress bar's blocks, a box's
/// lines, a spinner's Braille) give what the `Character` paths give, on texts made to tell them apart: combining
/// marks, a zero-width joiner and a variation selector after a glyph, precomposed letters, CR before LF.
@Suite struct DrawnTextTests {
    static let pool: [Unicode.Scalar] = [
        " ", "a", "B", "z", "1", "0", "|", "-", "=", "+", ".", "/", "%", "│", "┃", "║", "┆", "┊", "─", "┼", "█",
        "▏", "■", "▶", "◆", "⠋", "⣿", "\u{2E3A}", "\u{301}", "\u{308}", "é", "ß", "\u{200D}", "\u{FE0F}", "\r",
        "\n", "\t", "\u{1F600}",
    ]

    static func texts(seed: UInt64, count: Int = 5_000) -> [String] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                text.append(pool.randomElement(using: &random) ?? " ")
            }
            return String(text)
        }
    }

    @Test func wordsAreFoundAsCharactersFindThem() {
        for text in Self.texts(seed: 21) {
            #expect(
                ScreenText.hasWords(text) == ScreenText.hasWordsInCharacters(text),
                "\(text.unicodeScalars.map(\.value))")
        }
    }

    /// `asciiWords` is `words` where it answers: every word of two characters or more, or only those of letters.
    @Test func asciiWordsAreTheWordsCharactersSplit() {
        for text in Self.texts(seed: 22) {
            guard let all = ScreenText.asciiWords(text, lettersOnly: false),
                let letters = ScreenText.asciiWords(text, lettersOnly: true)
            else { continue }
            let words = ScreenText.words(text)
            #expect(all == words.filter { $0.count >= 2 }.map(String.init), "\(text.unicodeScalars.map(\.value))")
            #expect(
                letters == words.filter { $0.count >= 2 && $0.allSatisfy(\.isLetter) }.map(String.init),
                "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func barsAreFoundAsCharactersFindThem() {
        for text in Self.texts(seed: 23) {
            #expect(
                TableAsArtRule.barColumns(text) == TableAsArtRule.barColumnsInCharacters(text),
                "\(text.unicodeScalars.map(\.value))")
        }
        // A table's row and a bar's frame, whole.
        let row = "│ ruby   │ 3.2 │ ok │"
        #expect(TableAsArtRule.barColumns(row) == TableAsArtRule.barColumnsInCharacters(row))
        let bar = " 42%|████████▏                         | 1512/36000 [00:12<01:30, 10.00it/s]"
        #expect(TableAsArtRule.barColumns(bar) == TableAsArtRule.barColumnsInCharacters(bar))
    }

    /// Eight bytes mapped at once are mapped as each byte alone is.
    @Test func shapeBytesAreMappedAsEachByteIs() {
        var random = SeededGenerator(seed: 24)
        // Every byte value at every place, then random words.
        var words: [UInt64] = (0..<256).flatMap { value in (0..<8).map { UInt64(value) << ($0 * 8) } }
        words += (0..<20_000).map { _ in random.next() }
        for word in words {
            var expected: UInt64 = 0
            for place in 0..<8 {
                expected |= UInt64(ScreenText.shapeByte(UInt8(truncatingIfNeeded: word >> (place * 8)))) << (place * 8)
            }
            #expect(ScreenText.shapeBytes(word) == expected, "\(String(word, radix: 16))")
        }
    }

    /// Frames that differ only in their digits and letters' case are one shape; any other byte makes another.
    @Test func shapesIgnoreDigitsAndCase() {
        #expect(ScreenText.shapeKey(" 42%|███  | 1512/36000") == ScreenText.shapeKey(" 43%|███  | 1513/36000"))
        #expect(ScreenText.shapeKey("Done IN 3s") == ScreenText.shapeKey("done in 4S"))
        #expect(ScreenText.shapeKey(" 42%|███  |") != ScreenText.shapeKey(" 42%|████ |"))
        let long = String(repeating: "█▏ 7 ", count: 40)
        #expect(ScreenText.shapeKey(long) == ScreenText.shapeKey(long.replacingOccurrences(of: "7", with: "9")))
        #expect(ScreenText.shapeKey(long) != ScreenText.shapeKey(long + "x"))
    }
}
