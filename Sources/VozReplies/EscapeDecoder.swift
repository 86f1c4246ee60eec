import Foundation

/// Reads a text as the characters it stands for: HTML entities (`&#241;`, `&#xF1;`, `&ntilde;`), `\u00F1`,
/// `\U000000F1` and `\xC3\xB1` escapes in any case, JSON's one-character escapes and percent-encoding, each decoded
/// character keeping the part of the original text it was written as. Anything that does not decode is itself.
struct EscapeDecoder {
    struct Piece {
        var scalar: Unicode.Scalar
        var range: Range<String.Index>
    }

    private let text: String
    private let scalars: [Unicode.Scalar]
    private let indices: [String.Index]

    init(_ text: String) {
        self.text = text
        scalars = Array(text.unicodeScalars)
        indices = Array(text.unicodeScalars.indices) + [text.endIndex]
    }

    func pieces() -> [Piece] {
        var result: [Piece] = []
        result.reserveCapacity(scalars.count)
        var position = 0
        while position < scalars.count {
            let decoded: (scalars: [Unicode.Scalar], length: Int)?
            switch scalars[position] {
            case "&": decoded = entity(at: position)
            case "\\": decoded = backslash(at: position)
            case "%": decoded = bytes(at: position, prefix: "%", width: 1)
            default: decoded = nil
            }
            guard let decoded, decoded.length > 0 else {
                result.append(Piece(scalar: scalars[position], range: indices[position]..<indices[position + 1]))
                position += 1
                continue
            }
            let range = indices[position]..<indices[position + decoded.length]
            result += decoded.scalars.map { Piece(scalar: $0, range: range) }
            position += decoded.length
        }
        return result
    }

    // MARK: - HTML

    private static let namedEntities: [String: Unicode.Scalar] = {
        var table: [String: Unicode.Scalar] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "szlig": "ß", "iexcl": "¡",
            "iquest": "¿", "euro": "€", "ordf": "ª", "ordm": "º", "middot": "·", "laquo": "«", "raquo": "»",
        ]
        // The Latin-1 letters by their accent's name: `&ntilde;`, `&Eacute;`, `&ccedil;`, `&uuml;`, …
        let accents = ["grave": "\u{300}", "acute": "\u{301}", "circ": "\u{302}", "tilde": "\u{303}", "uml": "\u{308}"]
        for letter in "aeiouyncAEIOUYNC" {
            for (name, mark) in accents {
                let composed = (String(letter) + mark).precomposedStringWithCanonicalMapping.unicodeScalars
                if composed.count == 1, let scalar = composed.first { table["\(letter)\(name)"] = scalar }
            }
        }
        table["ccedil"] = "ç"
        table["Ccedil"] = "Ç"
        return table
    }()

    private func entity(at start: Int) -> ([Unicode.Scalar], Int)? {
        var position = start + 1
        guard position < scalars.count else { return nil }
        if scalars[position] == "#" {
            position += 1
            var radix = 10
            if position < scalars.count, scalars[position] == "x" || scalars[position] == "X" {
                radix = 16
                position += 1
            }
            let digitsStart = position
            while position < scalars.count, position - digitsStart < 8, Character(scalars[position]).isHexDigit {
                position += 1
            }
            let digits = String(String.UnicodeScalarView(scalars[digitsStart..<position]))
            guard let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value) else { return nil }
            // The closing `;` is optional in HTML for numeric references; taken when there.
            let length = position - start + (position < scalars.count && scalars[position] == ";" ? 1 : 0)
            return ([scalar], length)
        }
        let nameStart = position
        while position < scalars.count, position - nameStart < 8, scalars[position].properties.isAlphabetic {
            position += 1
        }
        guard position < scalars.count, scalars[position] == ";" else { return nil }
        let name = String(String.UnicodeScalarView(scalars[nameStart..<position]))
        return Self.namedEntities[name].map { ([$0], position + 1 - start) }
    }

    // MARK: - Backslash escapes

    private func backslash(at start: Int) -> ([Unicode.Scalar], Int)? {
        guard start + 1 < scalars.count else { return nil }
        switch scalars[start + 1] {
        case "u", "U":
            // `\U` takes eight digits when they make a character (C, Python), else four like `\u` (an upper-cased
            // JSON escape); a high and a low surrogate written one after the other are one character.
            if scalars[start + 1] == "U", let value = hex(at: start + 2, count: 8), let scalar = Unicode.Scalar(value) {
                return ([scalar], 10)
            }
            guard let value = hex(at: start + 2, count: 4) else { return nil }
            if let scalar = Unicode.Scalar(value) { return ([scalar], 6) }
            if (0xD800..<0xDC00).contains(value), start + 7 < scalars.count, scalars[start + 6] == "\\",
                "uU".unicodeScalars.contains(scalars[start + 7]), let low = hex(at: start + 8, count: 4),
                (0xDC00..<0xE000).contains(low),
                let scalar = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00))
            {
                return ([scalar], 12)
            }
            return nil
        case "x", "X":
            return bytes(at: start, prefix: "\\", width: 2)
        case "\"", "\\", "/", "'": return ([scalars[start + 1]], 2)
        case "n", "r", "t": return ([" "], 2)
        default: return nil
        }
    }

    // MARK: - Bytes

    /// Consecutive `%HH` (`width` 1) or `\xHH` (`width` 2) escapes read as UTF-8; nil when they are not UTF-8.
    private func bytes(at start: Int, prefix: Unicode.Scalar, width: Int) -> ([Unicode.Scalar], Int)? {
        var bytes: [UInt8] = []
        var position = start
        while position + width + 2 <= scalars.count, scalars[position] == prefix,
            width == 1 || scalars[position + 1] == "x" || scalars[position + 1] == "X",
            let value = hex(at: position + width, count: 2)
        {
            bytes.append(UInt8(value))
            position += width + 2
        }
        guard !bytes.isEmpty, let decoded = String(bytes: bytes, encoding: .utf8) else { return nil }
        return (Array(decoded.unicodeScalars), position - start)
    }

    private func hex(at start: Int, count: Int) -> UInt32? {
        guard start >= 0, start + count <= scalars.count else { return nil }
        let digits = String(String.UnicodeScalarView(scalars[start..<start + count]))
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        return UInt32(digits, radix: 16)
    }
}
