import Testing

@testable import VozSupport

/// The one tokenizer of terminal output: each kind of token, sequences cut by a chunk's end at every byte, and
/// the bound on what an unfinished string holds.
@Suite struct EscapeTokenizerTests {
    typealias Token = EscapeTokenizer.Token

    struct Case: Sendable, CustomTestStringConvertible {
        var input: String
        var tokens: [Token]
        var testDescription: String { input.debugDescription }
    }

    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let cases: [Case] = [
        Case(input: "plain é 東京", tokens: [.text(bytes("plain é 東京"))]),
        Case(
            input: "a\r\nb\u{07}",
            tokens: [.text(bytes("a")), .control(0x0D), .control(0x0A), .text(bytes("b")), .control(0x07)]),
        Case(
            input: "hi\u{1B}[1;31mred\u{1B}[0m",
            tokens: [
                .text(bytes("hi")),
                .controlSequence(parameters: bytes("1;31"), intermediates: [], final: 0x6D, overflowed: false),
                .text(bytes("red")),
                .controlSequence(parameters: bytes("0"), intermediates: [], final: 0x6D, overflowed: false),
            ]),
        Case(
            input: "\u{1B}[?1049h",
            tokens: [.controlSequence(parameters: bytes("?1049"), intermediates: [], final: 0x68, overflowed: false)]),
        Case(
            input: "\u{1B}[2 q",
            tokens: [.controlSequence(parameters: bytes("2"), intermediates: [0x20], final: 0x71, overflowed: false)]),
        Case(
            input: "\u{1B}(B\u{1B}7",
            tokens: [.escape(intermediates: [0x28], final: 0x42), .escape(intermediates: [], final: 0x37)]),
        Case(
            input: "\u{1B}]0;title\u{07}x",
            tokens: [.string(.osc, body: bytes("0;title"), overflowed: false, terminated: true), .text(bytes("x"))]),
        Case(
            input: "\u{1B}]8;;http://a\u{1B}\\link",
            tokens: [
                .string(.osc, body: bytes("8;;http://a"), overflowed: false, terminated: true), .text(bytes("link")),
            ]),
        Case(
            input: "\u{1B}Pq#0\u{1B}\\",
            tokens: [.string(.dcs, body: bytes("q#0"), overflowed: false, terminated: true)]),
        Case(
            input: "\u{1B}_apc\u{1B}\\",
            tokens: [.string(.apc, body: bytes("apc"), overflowed: false, terminated: true)]),
        Case(
            input: "\u{1B}^pm\u{1B}\\", tokens: [.string(.pm, body: bytes("pm"), overflowed: false, terminated: true)]),
        Case(
            input: "\u{1B}Xsos\u{1B}\\",
            tokens: [.string(.sos, body: bytes("sos"), overflowed: false, terminated: true)]),
        // 8-bit controls in UTF-8 are their 7-bit forms: CSI, OSC ended by ST.
        Case(
            input: "a\u{9B}2Jb",
            tokens: [
                .text(bytes("a")),
                .controlSequence(parameters: bytes("2"), intermediates: [], final: 0x4A, overflowed: false),
                .text(bytes("b")),
            ]),
        Case(
            input: "\u{9D}2;é\u{9C}z",
            tokens: [.string(.osc, body: bytes("2;é"), overflowed: false, terminated: true), .text(bytes("z"))]),
        // A character from U+00A0 on, whose first byte is C2 too, is text.
        Case(input: "\u{A0}£", tokens: [.text(bytes("\u{A0}£"))]),
        // An ESC in a sequence starts a new one; CAN abandons it; a C0 control in it acts at once.
        Case(
            input: "\u{1B}[12\u{1B}[m",
            tokens: [
                .abandoned(bytes("\u{1B}[12")),
                .controlSequence(parameters: [], intermediates: [], final: 0x6D, overflowed: false),
            ]),
        Case(input: "\u{1B}[1\u{18}x", tokens: [.abandoned(bytes("\u{1B}[1")), .text(bytes("x"))]),
        Case(
            input: "\u{1B}_a\u{07}b\u{1B}\\c",
            tokens: [.string(.apc, body: bytes("ab"), overflowed: false, terminated: true), .text(bytes("c"))]),
        Case(
            input: "\u{1B}]0;t\u{1A}x",
            tokens: [.string(.osc, body: bytes("0;t"), overflowed: false, terminated: false), .text(bytes("x"))]),
        Case(
            input: "\u{1B}[3\nm",
            tokens: [
                .control(0x0A),
                .controlSequence(parameters: bytes("3"), intermediates: [], final: 0x6D, overflowed: false),
            ]),
        // A string ends at an ESC that starts anything else, which begins the next sequence.
        Case(
            input: "\u{1B}]0;t\u{1B}[31mX",
            tokens: [
                .string(.osc, body: bytes("0;t"), overflowed: false, terminated: true),
                .controlSequence(parameters: bytes("31"), intermediates: [], final: 0x6D, overflowed: false),
                .text(bytes("X")),
            ]),
        // A character no sequence holds abandons it and is text.
        Case(input: "\u{1B}[1é", tokens: [.abandoned(bytes("\u{1B}[1")), .text(bytes("é"))]),
    ]

    @Test(arguments: cases)
    func eachKindOfTokenIsRead(testCase: Case) {
        #expect(EscapeTokenizer.tokens(of: Self.bytes(testCase.input)) == testCase.tokens)
    }

    /// However the output is cut into chunks, the tokens are the same: state carries across every boundary.
    @Test(arguments: cases)
    func aSequenceSplitAtAnyByteReadsTheSame(testCase: Case) {
        let bytes = Self.bytes(testCase.input)
        for cut in 0...bytes.count {
            var tokenizer = EscapeTokenizer()
            var tokens: [Token] = []
            tokenizer.feed(bytes[..<cut]) { tokens.append($0) }
            tokenizer.feed(bytes[cut...]) { tokens.append($0) }
            #expect(Self.joiningText(tokens) == testCase.tokens, "cut at \(cut)")
        }
        var tokenizer = EscapeTokenizer()
        var tokens: [Token] = []
        for byte in bytes { tokenizer.feed([byte]) { tokens.append($0) } }
        #expect(Self.joiningText(tokens) == testCase.tokens, "byte by byte")
    }

    /// Text read without copying, in parts of the chunk, is the text the tokens carry.
    @Test(arguments: cases)
    func scannedTextIsTheTokensText(testCase: Case) {
        var tokenizer = EscapeTokenizer()
        var text: [UInt8] = []
        var others: [Token] = []
        Self.bytes(testCase.input).withUnsafeBytes { buffer in
            tokenizer.scan(buffer, text: { text.append(contentsOf: $0) }) { others.append($0) }
        }
        let expected = testCase.tokens.flatMap { token -> [UInt8] in
            if case .text(let bytes) = token { return bytes }
            return []
        }
        #expect(text == expected)
        #expect(others == testCase.tokens.filter { if case .text = $0 { false } else { true } })
    }

    /// An unterminated string holds at most its bound, however long it runs, and says it was cut.
    @Test func anEndlessStringIsBounded() {
        var tokenizer = EscapeTokenizer(maximumStringBytes: 16)
        var tokens: [Token] = []
        tokenizer.feed(Self.bytes("\u{1B}]0;")) { tokens.append($0) }
        for _ in 0..<1_000 { tokenizer.feed([UInt8](repeating: 0x61, count: 1_000)) { tokens.append($0) } }
        #expect(tokens.isEmpty)
        #expect(tokenizer.isInsideSequence)
        tokenizer.feed([0x07]) { tokens.append($0) }
        #expect(
            tokens == [
                .string(
                    .osc, body: Self.bytes("0;") + [UInt8](repeating: 0x61, count: 14), overflowed: true,
                    terminated: true)
            ])
        #expect(!tokenizer.isInsideSequence)
    }

    @Test func anEndlessControlSequenceIsBounded() {
        var tokenizer = EscapeTokenizer(maximumSequenceBytes: 8)
        var tokens: [Token] = []
        tokenizer.feed(Self.bytes("\u{1B}[" + String(repeating: "1;", count: 500) + "m")) { tokens.append($0) }
        #expect(
            tokens == [
                .controlSequence(parameters: Self.bytes("1;1;1;1;"), intermediates: [], final: 0x6D, overflowed: true)
            ])
    }

    /// Adjacent text tokens as one: chunks cut text where they are cut.
    private static func joiningText(_ tokens: [Token]) -> [Token] {
        var joined: [Token] = []
        for token in tokens {
            if case .text(let more) = token, case .text(let before)? = joined.last {
                joined[joined.count - 1] = .text(before + more)
            } else {
                joined.append(token)
            }
        }
        return joined
    }
}
