import Foundation

// Secrets compared as a listener hears them. A server rewrites what it echoes in ways no list of encodings covers:
// it trims or removes the spaces, decomposes the accents, upper-cases the JSON escapes, writes every character as an
// HTML entity, or quotes only part of it. Both the secret and the text are read the same way — escapes and entities
// decoded, accents composed, case folded, whitespace dropped — and what they share is looked for there.
extension LogRedactor {
    /// A text read for comparison: one unit per character left (escapes decoded, whitespace dropped), each folded
    /// to a number, with the part of the original text it came from.
    struct NormalizedText {
        var units: [UInt64] = []
        var ranges: [Range<String.Index>] = []
    }

    /// How long a shared run must be for a secret of `count` characters (counted normalised) to be found in a
    /// text: the whole secret when it is short, and for one of 8 or more, 6 characters or half of it, whichever is
    /// fewer. `forSpeech` is the rule for what is said; the log, which keeps member names and words that begin like a
    /// secret ("password" for "password123"), masks runs of 6 or the whole secret.
    static func sharedRunMinimum(count: Int, forSpeech: Bool) -> Int {
        guard count >= cutSecretMinimum else { return count }
        let half = (count + 1) / 2
        return forSpeech ? min(6, half) : min(6, count)
    }

    /// A secret as compared: its units, and whether it is a number written in groups (a card, an account), whose
    /// copies are compared with the separators between digits dropped too ("5555-5555-5555-4445").
    struct NormalizedSecret: Sendable {
        var units: [UInt64]
        var digitsOnly: Bool

        init(_ value: String) {
            digitsOnly =
                value.contains { $0.isASCII && $0.isNumber }
                && value.allSatisfy { ($0.isASCII && $0.isNumber) || $0.isWhitespace || "-._/".contains($0) }
            units = LogRedactor.normalized(value, droppingDigitSeparators: digitsOnly).units
        }
    }

    /// The shortest piece of a secret masked in a text that holds a longer run of it.
    static let cutPieceMinimum = 4

    /// The parts of `text` (in its own indices) that share with a secret a run `forSpeech` decides is too long.
    func normalizedCopies(in text: String, forSpeech: Bool) -> [Range<String.Index>] {
        guard !normalizedSecrets.isEmpty else { return [] }
        var readings: [Bool: NormalizedText] = [:]
        var found: [Range<String.Index>] = []
        for secret in normalizedSecrets {
            let normalized =
                readings[secret.digitsOnly]
                ?? Self.normalized(text, droppingDigitSeparators: secret.digitsOnly)
            readings[secret.digitsOnly] = normalized
            let shortest = Self.sharedRunMinimum(count: secret.units.count, forSpeech: forSpeech)
            // A text that quotes the secret is likely to quote more of it in pieces ("Año Pé and z 2026!"): once a
            // run is long enough, shorter ones of `cutPieceMinimum` are its pieces too.
            let pieces = min(shortest, Self.cutPieceMinimum)
            let runs = Self.sharedRuns(secret.units, in: normalized.units, shortest: pieces)
            guard runs.contains(where: { $0.count >= shortest }) else { continue }
            found += runs.map {
                normalized.ranges[$0.lowerBound].lowerBound..<normalized.ranges[$0.upperBound - 1].upperBound
            }
        }
        return found
    }

    /// Every maximal run of `text` that also appears in `secret`, `shortest` units at least.
    static func sharedRuns(_ secret: [UInt64], in text: [UInt64], shortest: Int) -> [Range<Int>] {
        guard shortest > 0, secret.count >= shortest else { return [] }
        var positions: [UInt64: [Int]] = [:]
        for (index, unit) in secret.enumerated() { positions[unit, default: []].append(index) }
        var runs: [Range<Int>] = []
        for start in text.indices {
            guard let starts = positions[text[start]] else { continue }
            var longest = 0
            for first in starts {
                // Only runs that cannot reach further back: the same run met again one unit later is no new one.
                if start > 0, first > 0, text[start - 1] == secret[first - 1] { continue }
                var length = 1
                while first + length < secret.count, start + length < text.count,
                    text[start + length] == secret[first + length]
                {
                    length += 1
                }
                longest = max(longest, length)
            }
            if longest >= shortest { runs.append(start..<start + longest) }
        }
        return runs
    }

    /// `text` read for comparison: HTML entities, `\u`, `\U` and `\x` escapes, JSON's one-character escapes and
    /// percent-encoding decoded; each character's accents composed (NFC) and its case folded; whitespace dropped,
    /// and with `droppingDigitSeparators` a `-`, `.`, `_` or `/` between two digits too.
    static func normalized(_ text: String, droppingDigitSeparators: Bool = false) -> NormalizedText {
        // Every text Voz logs or says passes here, a reply's thousands of messages one by one: ASCII characters
        // take the short way, and only a character with accents written apart is folded as a string.
        let pieces = EscapeDecoder(text).pieces()
        var result = NormalizedText()
        result.units.reserveCapacity(pieces.count)
        result.ranges.reserveCapacity(pieces.count)
        // The last unit's scalars while accents may still join it; empty when it is a lone ASCII one.
        var open: [Unicode.Scalar] = []
        var lastBase: Unicode.Scalar?
        func close() {
            guard !open.isEmpty else { return }
            result.units[result.units.count - 1] = unit(open)
            open.removeAll(keepingCapacity: true)
        }
        func isDigit(_ index: Int) -> Bool {
            pieces.indices.contains(index) && ("0"..."9").contains(pieces[index].scalar)
        }
        for index in pieces.indices {
            let scalar = pieces[index].scalar
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                if byte == 32 || (9...13).contains(byte) { continue }
                if droppingDigitSeparators, byte == 45 || byte == 46 || byte == 95 || byte == 47, isDigit(index - 1),
                    isDigit(index + 1)
                {
                    continue
                }
                close()
                lastBase = scalar
                result.units.append(UInt64(foldedByte(byte)))
                result.ranges.append(pieces[index].range)
                continue
            }
            if scalar.properties.isWhitespace { continue }
            let category = scalar.properties.generalCategory
            if category == .nonspacingMark || category == .spacingMark || category == .enclosingMark,
                let base = lastBase, let last = result.ranges.indices.last
            {
                if open.isEmpty { open = [base] }
                open.append(scalar)
                result.ranges[last] = result.ranges[last].lowerBound..<pieces[index].range.upperBound
                continue
            }
            close()
            lastBase = scalar
            open = [scalar]
            result.units.append(0)
            result.ranges.append(pieces[index].range)
        }
        close()
        return result
    }

    /// One character folded to a number: an ASCII letter lower-cased, anything else composed and lower-cased, and
    /// said as its one scalar or, when folding leaves several, as their hash.
    private static func unit(_ scalars: [Unicode.Scalar]) -> UInt64 {
        if scalars.count == 1, let scalar = scalars.first {
            if scalar.isASCII { return UInt64(foldedByte(UInt8(scalar.value))) }
            let lower = scalar.properties.lowercaseMapping.unicodeScalars
            if lower.count == 1, let folded = lower.first { return UInt64(folded.value) }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        let folded = String(view).precomposedStringWithCanonicalMapping.lowercased()
        let result = folded.unicodeScalars
        if result.count == 1, let scalar = result.first { return UInt64(scalar.value) }
        return UInt64(bitPattern: Int64(folded.hashValue)) | (1 << 63)
    }
}
