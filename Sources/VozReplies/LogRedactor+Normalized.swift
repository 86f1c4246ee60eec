import Foundation
import VozSupport

// Secrets compared as a listener hears them. A server rewrites what it echoes in ways no list of encodings covers:
// it trims or removes the spaces, decomposes the accents, upper-cases the JSON escapes, writes every character as an
// HTML entity, writes its digits fullwidth, or quotes only part of it. Both the secret and the text are read the same
// way — escapes and entities decoded, compatibility forms folded to ASCII, accents composed, case folded, whitespace
// and invisible characters dropped — and what they share is looked for there.
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

        /// `value` read as any text is, escapes decoded, or with `decoding` false, as typed: a password holding
        /// `%62` is that, and a server that percent-encodes every byte of it writes `%25%36%32`, which reads back as
        /// `%62`, not as the `b` the decoded reading holds (the echoes fuzzer, seed 19).
        init(_ value: String, decoding: Bool = true) {
            let plain = CompatibilityFold.string(value)
            digitsOnly =
                plain.contains { $0.isASCII && $0.isNumber }
                && plain.allSatisfy { ($0.isASCII && $0.isNumber) || $0.isWhitespace || "-._/".contains($0) }
            units = LogRedactor.normalized(value, droppingDigitSeparators: digitsOnly, decoding: decoding).units
        }

        /// The readings of `value` a text is compared with: decoded, and as typed when that differs.
        static func readings(of value: String) -> [NormalizedSecret] {
            let decoded = NormalizedSecret(value)
            let typed = NormalizedSecret(value, decoding: false)
            return typed.units == decoded.units ? [decoded] : [decoded, typed]
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
            // A run that is less than the secret and is a word of the text's own ("password") is no piece of it.
            let runs = Self.sharedRuns(secret.units, in: normalized.units, shortest: pieces).map { run in
                let lower = normalized.ranges[run.lowerBound].lowerBound
                return (count: run.count, range: lower..<normalized.ranges[run.upperBound - 1].upperBound)
            }.filter { $0.count == secret.units.count || !isOwnWord(text, $0.range) }
            guard runs.contains(where: { $0.count >= shortest }) else { continue }
            found += runs.map(\.range)
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
    /// percent-encoding decoded; a character that stands for ASCII (`CompatibilityFold`: a fullwidth or Arabic-Indic
    /// digit) read as that; each other character's accents composed (NFC) and its case folded; whitespace and
    /// invisible format characters dropped, and with `droppingDigitSeparators` a `-`, `.`, `_` or `/` between two
    /// digits too.
    static func normalized(
        _ text: String, droppingDigitSeparators: Bool = false, decoding: Bool = true
    ) -> NormalizedText {
        // Every text Voz logs or says passes here, a reply's thousands of messages one by one: ASCII characters
        // take the short way, and only a character with accents written apart is folded as a string.
        let pieces =
            decoding
            ? EscapeDecoder(text).pieces()
            : text.unicodeScalars.indices.map { index in
                EscapeDecoder.Piece(
                    scalar: text.unicodeScalars[index], range: index..<text.unicodeScalars.index(after: index))
            }
        var result = NormalizedText()
        result.units.reserveCapacity(pieces.count)
        result.ranges.reserveCapacity(pieces.count)
        // The last unit's scalars while accents may still join it; empty when it is a lone ASCII one.
        var open: [Unicode.Scalar] = []
        var lastBase: Unicode.Scalar?
        // Whether the last unit is a digit: a mark on it (a keycap, an underline) is dropped.
        var afterDigit = false
        func close() {
            guard !open.isEmpty else { return }
            result.units[result.units.count - 1] = unit(open)
            open.removeAll(keepingCapacity: true)
        }
        func isDigit(_ index: Int) -> Bool {
            guard pieces.indices.contains(index) else { return false }
            let scalar = pieces[index].scalar
            if scalar.isASCII { return ("0"..."9").contains(scalar) }
            return CompatibilityFold.ascii(scalar).map { $0.count == 1 && ("0"..."9").contains($0) } ?? false
        }
        func isDigitSeparator(_ byte: UInt8) -> Bool {
            byte == 45 || byte == 46 || byte == 95 || byte == 47
        }
        for index in pieces.indices {
            let scalar = pieces[index].scalar
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                if byte == 32 || (9...13).contains(byte) { continue }
                if droppingDigitSeparators, isDigitSeparator(byte), isDigit(index - 1), isDigit(index + 1) {
                    continue
                }
                close()
                // Marks on a digit are decoration ("5̲"), as `CompatibilityFold` reads them.
                afterDigit = (48...57).contains(byte)
                lastBase = scalar
                result.units.append(UInt64(foldedByte(byte)))
                result.ranges.append(pieces[index].range)
                continue
            }
            if scalar.properties.isWhitespace { continue }
            let category = scalar.properties.generalCategory
            if category == .format { continue }
            if afterDigit, CompatibilityFold.isMark(scalar), let last = result.ranges.indices.last {
                result.ranges[last] = result.ranges[last].lowerBound..<pieces[index].range.upperBound
                continue
            }
            if let plain = CompatibilityFold.ascii(scalar) {
                close()
                let bytes = plain.utf8.filter { !($0 == 32 || (9...13).contains($0)) }
                if droppingDigitSeparators, bytes.count == 1, let byte = bytes.first, isDigitSeparator(byte),
                    isDigit(index - 1), isDigit(index + 1)
                {
                    continue
                }
                for byte in bytes {
                    result.units.append(UInt64(foldedByte(byte)))
                    result.ranges.append(pieces[index].range)
                }
                lastBase = nil
                afterDigit = bytes.count == 1 && bytes.allSatisfy { (48...57).contains($0) }
                continue
            }
            if category == .nonspacingMark || category == .spacingMark || category == .enclosingMark,
                let base = lastBase, let last = result.ranges.indices.last
            {
                if open.isEmpty { open = [base] }
                open.append(scalar)
                result.ranges[last] = result.ranges[last].lowerBound..<pieces[index].range.upperBound
                continue
            }
            close()
            afterDigit = false
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
