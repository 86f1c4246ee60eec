import Foundation
import VozForm
import VozSupport

// Finding the copies. Every text Voz says or logs is searched for every copy of every secret, a reply's thousand
// messages one by one and a megabyte body whole: the text's bytes, case-folded once, are searched for each copy's
// first characters, and only a text that has them is read character by character.
extension LogRedactor {
    /// A secret value and the copies of it looked for, each folded for comparison.
    struct SecretForms: Sendable {
        var value: String
        /// The value folded, for the whole-word comparison of a short one.
        var folded: String
        /// The folded ASCII bytes of a short value, nil past ASCII: a text without them holds no copy.
        var head: [UInt8]?
        var patterns: [Pattern]

        init(_ value: String, forms: [String]) {
            self.value = value
            folded = CompatibilityFold.string(value).lowercased()
            head = Pattern.asciiBytes(value)
            patterns = forms.map(Pattern.init)
        }
    }

    /// One copy: its characters folded, and folded ASCII bytes every text holding it, whole or cut, holds: the first
    /// `cutSecretMinimum` characters, or the longest ASCII run among them when they are not all ASCII (a password
    /// with an "ñ" near its start was read character by character in every text), nil when that run is too short
    /// to tell texts apart.
    struct Pattern: Sendable {
        var characters: [String]
        var head: [UInt8]?

        init(_ form: String) {
            characters = form.map(LogRedactor.folded)
            let first = String(form.prefix(LogRedactor.cutSecretMinimum).map(CompatibilityFold.character))
            head = Self.asciiBytes(first) ?? Self.longestASCIIRun(first)
        }

        /// The longest run of ASCII characters in `text`, folded, when it is 3 bytes or more.
        static func longestASCIIRun(_ text: String) -> [UInt8]? {
            let runs = text.split { !$0.isASCII }.map { $0.utf8.map(LogRedactor.foldedByte) }
            guard let longest = runs.max(by: { $0.count < $1.count }), longest.count >= 3 else { return nil }
            return longest
        }

        static func asciiBytes(_ text: String) -> [UInt8]? {
            text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.map(LogRedactor.foldedByte) : nil
        }
    }

    /// `text` with the secret values `reach` finds replaced by `mask`, and every card number and IBAN too.
    public func masked(_ text: String, with mask: String, reach: Reach) -> String {
        masked(text, with: mask, reach: reach) { _ in mask }
    }

    /// `text` with the secret values `reach` finds replaced by `mask`, and each card number or IBAN (found by its
    /// shape: `SensitiveShape`) by `shapeWords` of it. Voz's own sentences (`wholeCopies`) keep the ones the form
    /// itself shows, such as a placeholder's test card.
    package func masked(
        _ text: String, with mask: String, reach: Reach, shapeWords: (SensitiveShape.Match) -> String
    ) -> String {
        var result = maskedCopies(text, with: mask, reach: reach)
        if reach == .everyCopy {
            result = Self.replacing(normalizedCopies(in: result, forSpeech: false), in: result) { _ in mask }
        }
        return maskedShapes(result, reach: reach, shapeWords: shapeWords)
    }

    /// `text` with what it shares with a secret once both are normalised (`normalizedCopies`) masked.
    func maskedNormalized(_ text: String) -> String {
        Self.replacing(normalizedCopies(in: text, forSpeech: false), in: text) { _ in Self.mask }
    }

    /// `text` with each card number and IBAN replaced by `shapeWords` of it.
    func maskedShapes(
        _ text: String, reach: Reach, shapeWords: (SensitiveShape.Match) -> String = { _ in LogRedactor.mask }
    ) -> String {
        let shapes = SensitiveShape.matches(in: text).filter {
            reach == .everyCopy || !publicShapes.contains($0.compact)
        }
        return Self.replacing(shapes.map(\.range), in: text) { range in
            shapes.first { $0.range == range }.map(shapeWords) ?? Self.mask
        }
    }

    /// `text` with each of `ranges` (overlapping ones joined) replaced by `words` of it.
    static func replacing(
        _ ranges: [Range<String.Index>], in text: String, with words: (Range<String.Index>) -> String
    ) -> String {
        guard !ranges.isEmpty else { return text }
        var joined: [Range<String.Index>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = joined.last, range.lowerBound <= last.upperBound {
                joined[joined.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                joined.append(range)
            }
        }
        var result = ""
        var copied = text.startIndex
        for range in joined {
            result += text[copied..<range.lowerBound] + words(range)
            copied = range.upperBound
        }
        return result + text[copied...]
    }

    /// `text` with the copies of the secret values `reach` finds replaced by `mask`.
    func maskedCopies(_ text: String, with mask: String, reach: Reach) -> String {
        var result = text
        var bytes = Self.foldedBytes(result)
        for secret in secretForms {
            if secret.value.count < Self.wholeWordBelow {
                guard reach == .everyCopy, Self.mayHold(secret.head, bytes),
                    let masked = Self.maskingWords(secret.folded, in: result, mask: mask)
                else { continue }
                result = masked
                bytes = Self.foldedBytes(result)
                continue
            }
            let cut = reach == .everyCopy && secret.value.count >= Self.cutSecretMinimum
            let candidates = secret.patterns.filter { Self.mayHold($0.head, bytes) }.map { pattern in
                let count = pattern.characters.count
                return (characters: pattern.characters, shortest: cut ? min(Self.cutSecretMinimum, count) : count)
            }
            guard let masked = Self.masking(candidates, in: result, mask: mask, exempt: isOwnWord) else { continue }
            result = masked
            bytes = Self.foldedBytes(result)
        }
        return result
    }

    /// `text` with every whole-word copy of a short secret (`folded`), in any case, masked: one bounded by anything
    /// but a letter or digit. Nil when there is none.
    static func maskingWords(_ folded: String, in text: String, mask: String) -> String? {
        var result = ""
        var word = ""
        // The word as compared: a fullwidth "１２" is the month "12".
        var plain = ""
        var found = false
        func close() {
            if plain.lowercased() == folded {
                result += mask
                found = true
            } else {
                result += word
            }
            word = ""
            plain = ""
        }
        for character in text {
            if character.isLetter || character.isNumber {
                word.append(character)
                plain.append(CompatibilityFold.character(character))
                continue
            }
            close()
            result.append(character)
        }
        close()
        return found ? result : nil
    }

    /// `text` with every run of a copy's first characters (each pattern folded), `shortest` of them at least,
    /// masked whatever its case: the whole copy when `shortest` is its length, a cut-off one too when less. Where
    /// copies overlap the longest is masked: a password whose start is as typed and whose end is HTML-escaped is
    /// masked to its end, not to where the typed copy stops. One scan, character by character, both folded the same
    /// way, so the search and a cut copy's extension agree. A cut copy `exempt` says is a word of the text's own
    /// ("password" in "This password is too common." for `password123`) is left. Nil when there is none.
    static func masking(
        _ patterns: [(characters: [String], shortest: Int)], in text: String, mask: String,
        exempt: (String, Range<String.Index>) -> Bool = { _, _ in false }
    ) -> String? {
        let patterns = patterns.filter { !$0.characters.isEmpty && $0.shortest > 0 }
        guard !patterns.isEmpty else { return nil }
        var result = ""
        var found = false
        var copied = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = folded(text[index])
            var longest: String.Index?
            for pattern in patterns where pattern.characters[0] == character {
                var end = text.index(after: index)
                var matched = 1
                while matched < pattern.characters.count, end < text.endIndex,
                    folded(text[end]) == pattern.characters[matched]
                {
                    end = text.index(after: end)
                    matched += 1
                }
                guard matched >= pattern.shortest, end > (longest ?? index) else { continue }
                if matched == pattern.characters.count || !exempt(text, index..<end) { longest = end }
            }
            guard let end = longest else {
                index = text.index(after: index)
                continue
            }
            result += text[copied..<index] + mask
            found = true
            copied = end
            index = end
        }
        return found ? result + text[copied...] : nil
    }

    /// A character as compared: read as the ASCII it stands for (`CompatibilityFold`: a fullwidth letter or
    /// digit), and lower-cased.
    static func folded(_ character: Character) -> String {
        if let ascii = character.asciiValue { return String(UnicodeScalar(foldedByte(ascii))) }
        if let ascii = CompatibilityFold.character(character).asciiValue {
            return String(UnicodeScalar(foldedByte(ascii)))
        }
        return character.lowercased()
    }

    static func foldedByte(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }

    /// The text's UTF-8 with ASCII letters lower-cased, and a scalar that stands for one ASCII character
    /// (`folded`) written as it, its marks left out: other bytes past ASCII are never part of an ASCII copy.
    static func foldedBytes(_ text: String) -> [UInt8] {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.utf8.map(foldedByte) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                bytes.append(foldedByte(UInt8(scalar.value)))
            } else if CompatibilityFold.isMark(scalar) {
                continue
            } else if let plain = CompatibilityFold.ascii(scalar), plain.utf8.count == 1, let byte = plain.utf8.first {
                bytes.append(foldedByte(byte))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Whether `bytes` may hold a copy beginning with `head`: always, when the head is not ASCII.
    static func mayHold(_ head: [UInt8]?, _ bytes: [UInt8]) -> Bool {
        guard let head, !head.isEmpty else { return true }
        guard bytes.count >= head.count else { return false }
        return bytes.withUnsafeBufferPointer { text in
            head.withUnsafeBufferPointer { needle in
                let first = needle[0]
                var start = 0
                let last = text.count - needle.count
                while start <= last {
                    if text[start] == first {
                        var offset = 1
                        while offset < needle.count, text[start + offset] == needle[offset] { offset += 1 }
                        if offset == needle.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }
}
