import Foundation
import Testing

@testable import VozForm
@testable import VozKit

/// The shortcuts the form loader and the audit take say what Foundation's trimming and string search said.
@Suite struct BlankTextTests {
    static let pool: [Unicode.Scalar] = [
        " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2002}", "\u{200A}", "\u{200B}",
        "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{FEFF}", "\u{1C}", "\u{0}", "a", "é", "\u{301}",
        "\u{1F600}",
    ]

    @Test func blankIsWhatTrimmingLeavesEmpty() {
        var random = SeededGenerator(seed: 3)
        var texts = [""] + Self.pool.map { String(Character($0)) }
        for _ in 0..<3_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                text.append(Self.pool.randomElement(using: &random) ?? " ")
            }
            texts.append(String(text))
        }
        for text in texts {
            let expected = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            #expect(BlankText.isBlank(text) == expected, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test(arguments: [
        "id", "fields", "a key of exactly forty characters, see...", "a key of forty-one characters, see it...", "ñ",
        "\u{7}", "tab\there",
    ])
    func visibleKeysAreUnchanged(_ key: String) {
        var reference = ""
        for (count, character) in key.enumerated() {
            if count == QuotedText.limit {
                reference += "…"
                break
            }
            for scalar in character.unicodeScalars {
                reference +=
                    QuotedText.isUnsafe(scalar)
                    ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
            }
        }
        #expect(QuotedText.visible(key) == reference)
    }
}
