import Foundation
import Testing
import VozTestSupport

@testable import VozKit
@testable import VozTerminal

/// The guard in front of libvterm (issue 24): each sequence that crashed Debian 12's libvterm 0.1.4, what the
/// guard lets through instead, and a seeded run of random output through guard and emulator.
@Suite("Terminal guard")
struct TerminalGuardTests {
    /// What the guard hands libvterm for `text`, and what it cut.
    static func filtered(_ text: String) -> (bytes: [UInt8], cuts: [TerminalGuard.Cut], chunks: [Int]) {
        var filter = TerminalGuard()
        var bytes: [UInt8] = []
        var cuts: [TerminalGuard.Cut] = []
        var chunks: [Int] = []
        filter.filter(
            text,
            emit: {
                bytes += $0; chunks.append($0.count)
            }, cut: { cuts.append($0) })
        return (bytes, cuts, chunks)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var output: String
        var passed: String
        var cuts: [TerminalGuard.Cut]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "16 parameters pass",
            output: "\u{1B}[" + Array(repeating: "1", count: 16).joined(separator: ";") + "mA",
            passed: "\u{1B}[" + Array(repeating: "1", count: 16).joined(separator: ";") + "mA", cuts: []),
        Case(
            name: "17 ones are dropped", output: "\u{1B}[1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1mA", passed: "A",
            cuts: [.sequence]),
        Case(
            name: "17 empty parameters are dropped", output: "\u{1B}[;;;;;;;;;;;;;;;;mA", passed: "A", cuts: [.sequence]
        ),
        Case(
            name: "colons count as parameters", output: "\u{1B}[" + String(repeating: "1:", count: 16) + "1mA",
            passed: "A", cuts: [.sequence]),
        Case(name: "a parameter of 9 digits is dropped", output: "\u{1B}[123456789HA", passed: "A", cuts: [.sequence]),
        Case(name: "8-bit CSI becomes ESC [", output: "\u{9B}31mA", passed: "\u{1B}[31mA", cuts: []),
        Case(name: "8-bit NEL becomes ESC E", output: "a\u{85}b", passed: "a\u{1B}Eb", cuts: []),
        Case(name: "a lone 8-bit ST becomes ESC \\", output: "\u{9C}x", passed: "\u{1B}\\x", cuts: []),
        Case(name: "insert mode then 8-bit OSC", output: "\u{1B}[4h\u{9D};", passed: "\u{1B}[4h", cuts: []),
        Case(
            name: "an OSC ended by 8-bit ST", output: "\u{9D}0;title\u{9C}x", passed: "\u{1B}]0;title\u{1B}\\x",
            cuts: []),
        Case(
            name: "an OSC of 5,000 bytes is dropped",
            output: "\u{1B}]0;" + String(repeating: "a", count: 5_000) + "\u{07}x", passed: "x", cuts: [.string]),
        Case(
            name: "APC, PM and SOS are dropped", output: "\u{1B}_app\u{1B}\\\u{9E}pm\u{9C}\u{1B}Xsos\u{1B}\\x",
            passed: "x", cuts: []),
        Case(name: "CAN ends a sequence", output: "\u{1B}[31\u{18}x", passed: "x", cuts: []),
        Case(name: "a C0 control inside a CSI acts at once", output: "\u{1B}[3\r1m", passed: "\r\u{1B}[31m", cuts: []),
        Case(name: "REP with no character before it is dropped", output: "\u{1B}[1bA", passed: "A", cuts: []),
        Case(name: "REP is written out", output: "x\u{1B}[3b", passed: "xxxx", cuts: []),
        Case(
            name: "REP past 1,024 is cut", output: "x\u{1B}[99999999b", passed: String(repeating: "x", count: 1_025),
            cuts: [.sequence]),
        // Plain runs pass in one copy: their ends must still be seen as the character-by-character path saw them.
        Case(name: "REP repeats a run's last wide character", output: "ab█\u{1B}[2b", passed: "ab███", cuts: []),
        Case(name: "REP after a run ending in CR is dropped", output: "ab\r\u{1B}[2bA", passed: "ab\rA", cuts: []),
        Case(name: "an 8-bit CSI inside a run", output: "é\u{9B}1mñ", passed: "é\u{1B}[1mñ", cuts: []),
        Case(name: "two-byte letters beside C1 pass", output: "\u{A0}¿\u{7F}ü", passed: "\u{A0}¿\u{7F}ü", cuts: []),
    ]

    @Test(arguments: cases)
    func guardPassesOnlyWhatLibvtermHolds(_ example: Case) {
        let result = Self.filtered(example.output)
        #expect(String(decoding: result.bytes, as: UTF8.self) == example.passed)
        #expect(result.cuts == example.cuts)
    }

    @Test func aSequenceSplitAcrossEventsIsGuardedWhole() {
        var filter = TerminalGuard()
        var bytes: [UInt8] = []
        var cuts: [TerminalGuard.Cut] = []
        for part in ["\u{1B}[;;;;;;;;", ";;;;;;;;m", "A"] {
            filter.filter(part, emit: { bytes += $0 }, cut: { cuts.append($0) })
        }
        #expect(bytes == Array("A".utf8))
        #expect(cuts == [.sequence])
    }

    /// Plain text is looked at eight bytes at a time: an ESC or an 8-bit control at any offset of a run is still
    /// where the run ends, and a two-byte letter starting with the same byte as the controls (C2) still passes.
    @Test func controlsAreFoundAtEveryOffsetOfARun() {
        for offset in 0..<24 {
            let before = String(repeating: "a", count: offset)
            let after = String(repeating: "b", count: 20)
            for (control, passed) in [
                ("\u{9B}1m", "\u{1B}[1m"), ("\u{1B}[1m", "\u{1B}[1m"), ("\u{85}", "\u{1B}E"), ("\u{A0}¢", "\u{A0}¢"),
            ] {
                let result = Self.filtered(before + control + after)
                #expect(String(decoding: result.bytes, as: UTF8.self) == before + passed + after, "offset \(offset)")
            }
        }
    }

    /// A run of three-byte characters longer than a chunk is split only between characters.
    @Test func chunksOfWideTextEndBetweenCharacters() {
        var filter = TerminalGuard()
        var chunks: [[UInt8]] = []
        let text = "a" + String(repeating: "█", count: 5_000)
        filter.filter(text, emit: { chunks.append(Array($0)) }, cut: { _ in })
        #expect(chunks.count == 4)
        #expect(chunks.allSatisfy { String(validating: $0, as: UTF8.self) != nil })
        #expect(chunks.allSatisfy { $0.count <= TerminalGuard.chunkBytes + 2 })
        #expect(chunks.flatMap { $0 } == Array(text.utf8))
    }

    @Test func oneLargeWriteGoesInBoundedChunks() {
        let frames = String(repeating: "\r[##########          ] 50%", count: 120_000)
        let result = Self.filtered(frames)
        #expect(result.bytes.count == frames.utf8.count)
        #expect(result.chunks.count > 100)
        #expect(result.chunks.allSatisfy { $0 <= TerminalGuard.chunkBytes + 8 })
    }

    // MARK: - Seeded fuzz

    /// Pieces random output is made of: the crashing sequences and everything near them.
    static let pieces = [
        "\u{1B}[", "\u{1B}]", "\u{1B}P", "\u{1B}_", "\u{1B}^", "\u{1B}X", "\u{1B}\\", "\u{1B}", ";", ":", "1", "999999",
        "m", "h", "4h", "H", "@", "P", "J", "K", "?", ">", "$", " ", "\u{07}", "\u{18}", "\r", "\n", "\t", "\u{08}",
        "a", "é", "😀", "\u{301}", "\u{85}", "\u{9B}", "\u{9C}", "\u{9D}", "\u{90}", "\u{9F}", "\u{80}", "\u{8D}",
        "#8", "(0", "\u{1B}[4h\u{9D};", String(repeating: ";", count: 20), String(repeating: "a", count: 300),
    ]

    @Test func seededRandomOutputNeverReachesLibvtermUnguarded() {
        var random = SeededGenerator(seed: 24)
        for round in 0..<3_000 {
            let text = (0..<Int.random(in: 1...60, using: &random)).map { _ in
                Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &random)]
            }.joined()
            let bytes = Self.filtered(text).bytes
            #expect(!Self.hasC1(bytes), "round \(round): a C1 control passed")
            #expect(Self.longestParameterList(bytes) <= TerminalGuard.maximumParameters, "round \(round)")
            // And through the emulator itself, at the sizes that crashed it: the cursor stays on the screen.
            let terminal = VirtualTerminal(rows: round % 3 + 1, columns: [2, 3, 80][round % 3])
            terminal.feed(text)
            _ = terminal.takeChanges()
            #expect((0..<terminal.columns).contains(terminal.cursor.column), "round \(round): \(terminal.cursor)")
            #expect((0..<terminal.rows).contains(terminal.cursor.row), "round \(round)")
        }
    }

    static func hasC1(_ bytes: [UInt8]) -> Bool {
        zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) }
    }

    /// The most parameters of any CSI in `bytes`.
    static func longestParameterList(_ bytes: [UInt8]) -> Int {
        var longest = 0
        var index = 0
        while index + 1 < bytes.count {
            defer { index += 1 }
            guard bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "[") else { continue }
            var count = 1
            var end = index + 2
            while end < bytes.count, (0x20...0x3F).contains(bytes[end]) {
                if bytes[end] == UInt8(ascii: ";") || bytes[end] == UInt8(ascii: ":") { count += 1 }
                end += 1
            }
            longest = max(longest, count)
        }
        return longest
    }
}
