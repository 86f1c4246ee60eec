import Foundation
import VozTestSupport

// A card number typed in a plain field, and echoed back by a server in another spelling: in the digits of another
// script (fullwidth, Arabic-Indic, Devanagari), with every digit spaced, or with its groups parted by dashes or
// invisible characters. A card is a secret by its shape, whatever spells it.
extension EchoCase {
    /// The card spellings a server echoes.
    static let cardEncodings = [
        "card-fullwidth", "card-arabic", "card-devanagari", "card-spaced", "card-dashed", "card-endash",
        "card-zero-width",
    ]

    /// The zero of each script a card may be spelled in.
    private static let zeros: [String: UInt32] = [
        "card-fullwidth": 0xFF10, "card-arabic": 0x0660, "card-devanagari": 0x0966,
    ]

    /// A Luhn-valid card number of 16 digits, and how the person types it: grouped, in one piece, or in fullwidth
    /// digits (the newcomer's N4).
    static func makeCard(_ random: inout SeededGenerator) -> (digits: String, typed: String) {
        var digits = [random.pick([4, 5])] + (0..<14).map { _ in Int.random(in: 0...9, using: &random) }
        var sum = 0
        for (offset, digit) in digits.reversed().enumerated() {
            // The check digit comes last: each digit here is one place further from it.
            let value = offset % 2 == 0 ? digit * 2 : digit
            sum += value > 9 ? value - 9 : value
        }
        digits.append((10 - sum % 10) % 10)
        let compact = digits.map(String.init).joined()
        let grouped = stride(from: 0, to: 16, by: 4).map { start in
            String(compact.dropFirst(start).prefix(4))
        }.joined(separator: " ")
        let typed = random.pick([grouped, compact, spellCard(grouped, as: "card-fullwidth") ?? grouped])
        return (compact, typed)
    }

    /// `card` (its digits, grouped or not) spelled as `encoding` names, or nil when it names no card spelling.
    static func spellCard(_ card: String, as encoding: String) -> String? {
        let digits = card.filter(\.isNumber)
        let groups = stride(from: 0, to: digits.count, by: 4).map { start in
            String(digits.dropFirst(start).prefix(4))
        }
        if let zero = zeros[encoding] {
            return shifted(card) { ("0"..."9").contains($0) ? zero + $0.value - 48 : nil }
        }
        switch encoding {
        case "card-spaced": return digits.map(String.init).joined(separator: " ")
        case "card-dashed": return groups.joined(separator: " - ")
        case "card-endash": return groups.joined(separator: "\u{2013}")
        case "card-zero-width": return groups.joined(separator: "\u{200B}")
        default: return nil
        }
    }
}
