import Foundation
import VozSupport

/// A value that is secret by its shape, whatever field it was typed in and whoever writes it back: a payment card
/// number (13 to 19 digits that pass the Luhn check) or an IBAN (whose check digits are right).
///
/// A server that echoes a card rarely writes it as it was typed ("5555-5555-5555-4444", "5555555555554444",
/// "(digits 5555555555554444)", "５５５５ ５５５５…" in fullwidth digits), and a bank account typed in a plain text
/// field is as private as one typed in a field marked for it. The shape, not the field or the spelling, is what gives
/// them away: each character is read as the ASCII it stands for (`CompatibilityFold`) before it is judged.
package enum SensitiveShape: Sendable, Equatable {
    case card
    case iban

    /// One value of a sensitive shape found in a text.
    package struct Match: Sendable, Equatable {
        package var shape: SensitiveShape
        /// Where it is in the text searched, separators inside it included.
        package var range: Range<String.Index>
        /// Its last four digits or letters: what may be said of it.
        package var lastFour: String
        /// Its digits and letters alone, upper-cased: the same value however it was spelled.
        package var compact: String
    }

    /// Characters a card number or an IBAN may be written with between its groups, once folded (`CompatibilityFold`
    /// makes a no-break space a space and any dash a hyphen).
    static let separators: Set<Character> = [" ", "-", ".", "_", "/", "\u{00A0}", "\u{2009}", "\u{202F}"]
    /// The most separators one gap between a card's groups holds: "5555 - 5555", not a list of numbers.
    static let longestGap = 3

    /// The shape of `value` when the whole of it, spaces and separators aside, is a card number or an IBAN.
    package static func of(_ value: String) -> SensitiveShape? {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        let found = matches(in: trimmed)
        guard found.count == 1, let match = found.first else { return nil }
        return match.range == trimmed.startIndex..<trimmed.endIndex ? match.shape : nil
    }

    /// Whether `text` is, as a whole (spaces and separators aside), a card number or an IBAN.
    package static func isWhole(_ text: String) -> Bool { of(text) != nil }

    /// The last four characters `value` may be said as when it has a sensitive shape, else nil.
    package static func lastFour(of value: String) -> (shape: SensitiveShape, digits: String)? {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let shape = of(trimmed), let match = matches(in: trimmed).first else { return nil }
        return (shape, match.lastFour)
    }

    /// Every card number and IBAN in `text`, in order, not overlapping.
    package static func matches(in text: String) -> [Match] {
        // A cheap test first: every text Voz logs or says passes here, and most hold fewer digits than any card.
        var asciiDigits = 0
        var wide = false
        for byte in text.utf8 {
            if (48...57).contains(byte) {
                asciiDigits += 1
            } else if byte >= 0x80 {
                wide = true
            }
        }
        guard asciiDigits >= 10 || (wide && foldedDigits(in: text) >= 10) else { return [] }
        let characters = Array(text.indices).map { ($0, CompatibilityFold.character(text[$0])) }
        var found = ibans(in: characters, text: text)
        for card in cards(in: characters, text: text)
        where !found.contains(where: { $0.range.overlaps(card.range) }) {
            found.append(card)
        }
        return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// How many of `text`'s scalars are digits once folded.
    private static func foldedDigits(in text: String) -> Int {
        text.unicodeScalars.lazy.filter { scalar in
            CompatibilityFold.ascii(scalar).map { $0.count == 1 && $0.utf8.allSatisfy { (48...57).contains($0) } }
                ?? false
        }.count
    }

    /// How many characters from `cursor` on are a gap between two groups: up to `longestGap` separators or
    /// invisible format characters (a zero-width space) followed by a digit; nil when they are not one.
    private static func gap(at cursor: Int, in characters: [(String.Index, Character)]) -> Int? {
        var length = 0
        while cursor + length < characters.count, length < longestGap, isSeparator(characters[cursor + length].1) {
            length += 1
        }
        guard length > 0, cursor + length < characters.count, isDigit(characters[cursor + length].1) else {
            return nil
        }
        return length
    }

    private static func isSeparator(_ character: Character) -> Bool {
        if separators.contains(character) { return true }
        return character.unicodeScalars.allSatisfy {
            $0.properties.generalCategory == .format || $0.properties.generalCategory == .spaceSeparator
        }
    }

    // MARK: - Cards

    /// Runs of digits (of any script, folded) joined by short gaps of separators; in each, the longest stretch of
    /// whole groups of 13 to 19 digits that passes the Luhn check.
    private static func cards(in characters: [(String.Index, Character)], text: String) -> [Match] {
        var found: [Match] = []
        var position = 0
        while position < characters.count {
            guard isDigit(characters[position].1) else {
                position += 1
                continue
            }
            // The run's groups: each a stretch of digits, as positions in `characters`.
            var groups: [Range<Int>] = []
            var start = position
            var cursor = position
            while cursor < characters.count {
                if isDigit(characters[cursor].1) {
                    cursor += 1
                    continue
                }
                guard let gap = gap(at: cursor, in: characters) else { break }
                groups.append(start..<cursor)
                start = cursor + gap
                cursor += gap
            }
            groups.append(start..<cursor)
            found += cardsIn(groups: groups, characters, text: text)
            position = cursor
        }
        return found
    }

    private static func cardsIn(
        groups: [Range<Int>], _ characters: [(String.Index, Character)], text: String
    ) -> [Match] {
        var found: [Match] = []
        var first = 0
        while first < groups.count {
            var best: Int?
            var count = 0
            for last in first..<groups.count {
                count += groups[last].count
                if count > 19 { break }
                let digits = groups[first...last].flatMap { $0.map { characters[$0].1 } }
                if count >= 13, luhn(digits) { best = last }
            }
            guard let last = best else {
                first += 1
                continue
            }
            let compact = String(groups[first...last].flatMap { $0.map { characters[$0].1 } })
            let lower = characters[groups[first].lowerBound].0
            let upper = text.index(after: characters[groups[last].upperBound - 1].0)
            found.append(
                Match(shape: .card, range: lower..<upper, lastFour: String(compact.suffix(4)), compact: compact))
            first = last + 1
        }
        return found
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }

    /// The Luhn check every payment card number passes.
    static func luhn(_ digits: [Character]) -> Bool {
        var sum = 0
        for (offset, character) in digits.reversed().enumerated() {
            guard let digit = character.wholeNumberValue else { return false }
            let value = offset % 2 == 1 ? digit * 2 : digit
            sum += value > 9 ? value - 9 : value
        }
        return sum % 10 == 0
    }

    // MARK: - IBAN

    /// Two letters, two check digits and 11 to 30 letters or digits, in groups joined by single spaces or hyphens
    /// (or in one piece), whose ISO 7064 check (mod 97) is right. The longest such stretch that ends where a group
    /// does is taken.
    private static func ibans(in characters: [(String.Index, Character)], text: String) -> [Match] {
        var found: [Match] = []
        var position = 0
        while position + 4 < characters.count {
            let starts =
                isLetter(characters[position].1) && isLetter(characters[position + 1].1)
                && isDigit(characters[position + 2].1) && isDigit(characters[position + 3].1)
                && (position == 0 || !isAlphanumeric(characters[position - 1].1))
            guard starts else {
                position += 1
                continue
            }
            // The letters and digits that may belong to it, and which of them end a group.
            var kept: [Int] = []
            var groupEnds: Set<Int> = []
            var cursor = position
            while cursor < characters.count, kept.count < 34 {
                let character = characters[cursor].1
                if isAlphanumeric(character) {
                    kept.append(cursor)
                    cursor += 1
                    continue
                }
                let joined =
                    (character == " " || character == "-") && cursor + 1 < characters.count
                    && isAlphanumeric(characters[cursor + 1].1)
                groupEnds.insert(kept.count)
                guard joined else { break }
                cursor += 1
            }
            groupEnds.insert(kept.count)
            let letters = kept.map { characters[$0].1 }
            let length = stride(from: letters.count, through: 15, by: -1).first { length in
                groupEnds.contains(length) && mod97(Array(letters.prefix(length))) == 1
            }
            guard let length else {
                position += 1
                continue
            }
            let compact = String(letters.prefix(length)).uppercased()
            let lower = characters[position].0
            let upper = text.index(after: characters[kept[length - 1]].0)
            found.append(
                Match(shape: .iban, range: lower..<upper, lastFour: String(compact.suffix(4)), compact: compact))
            position = kept[length - 1] + 1
        }
        return found
    }

    private static func isLetter(_ character: Character) -> Bool {
        character.isASCII && character.isLetter
    }

    private static func isAlphanumeric(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber)
    }

    /// The IBAN's remainder: its first four characters moved to the end, letters as 10 to 35, modulo 97.
    static func mod97(_ characters: [Character]) -> Int {
        guard characters.count > 4 else { return 0 }
        var remainder = 0
        for character in characters[4...] + characters[..<4] {
            guard let value = character.wholeNumberValue ?? character.uppercased().first.flatMap(letterValue) else {
                return 0
            }
            remainder = (value > 9 ? remainder * 100 + value : remainder * 10 + value) % 97
        }
        return remainder
    }

    private static func letterValue(_ character: Character) -> Int? {
        guard let ascii = character.asciiValue, (65...90).contains(ascii) else { return nil }
        return Int(ascii) - 55
    }
}
