import Testing
import VozTestSupport

@testable import VozTerminal

/// The replay compares each row it reads with what the row held on the bytes where they decide it; the answer is
/// always String's own (canonical equivalence), on texts made to tell the two apart.
@Suite struct ScreenRowComparisonTests {
    static let pool: [Unicode.Scalar] = [
        " ", "a", "e", "E", "1", "|", "█", "▏", "│", "⠋", "■", "\u{301}", "\u{300}", "\u{308}", "\u{327}", "é",
        "É", "è", "ç", "\u{212B}", "Å", "\u{FB01}", "\u{1F600}", "\r", "\n",
    ]

    @Test func rowsCompareAsStringsDo() {
        var random = SeededGenerator(seed: 31)
        func text() -> String {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                text.append(Self.pool.randomElement(using: &random) ?? " ")
            }
            return String(text)
        }
        for _ in 0..<20_000 {
            let left = text()
            // Half the pairs share a start, where the byte paths have something to decide.
            let right = Bool.random(using: &random) ? left + text() : text()
            let pair = "\(left.unicodeScalars.map(\.value)) \(right.unicodeScalars.map(\.value))"
            #expect(ScreenRow.sameText(left, right) == (left == right), "\(pair)")
            #expect(ScreenRow.sameText(right, left) == (right == left), "\(pair)")
            #expect(ScreenRow(text: left).isSame(as: ScreenRow(text: right)) == (left == right), "\(pair)")
            #expect(ScreenRow(text: left).isBlank == left.allSatisfy { $0 == " " }, "\(pair)")
            #expect(ScreenReplay.hasPrefix(right, left) == right.hasPrefix(left), "\(pair)")
            #expect(ScreenReplay.hasPrefix(left, right) == left.hasPrefix(right), "\(pair)")
        }
        // Canonically equal, bytes apart.
        #expect(ScreenRow.sameText("e\u{301}", "é"))
        #expect(ScreenRow.sameText("a\u{327}\u{301}", "a\u{301}\u{327}"))
        #expect(!ScreenRow.sameText("e\u{301}", "e"))
    }

    @Test func stretchesAreCompared() {
        let bold = CellStyle(bold: true)
        let row = ScreenRow(text: "ok", styled: [StyledRun(column: 0, text: "ok", style: bold)])
        #expect(row.isSame(as: row))
        #expect(!row.isSame(as: ScreenRow(text: "ok")))
        #expect(!row.isSame(as: ScreenRow(text: "ok", styled: [StyledRun(column: 1, text: "ok", style: bold)])))
        #expect(!row.isSame(as: ScreenRow(text: "ok", styled: [StyledRun(column: 0, text: "ok", style: .plain)])))
        #expect(
            ScreenRow(text: "é", styled: [StyledRun(column: 0, text: "e\u{301}", style: bold)])
                .isSame(as: ScreenRow(text: "e\u{301}", styled: [StyledRun(column: 0, text: "é", style: bold)])))
    }
}
