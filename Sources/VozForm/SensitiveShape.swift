/// Values sensitive by their shape, whatever field they land in (issue 36, I4): a card number typed at a field
/// that did not say it asks for one, or in a list, is still a card number, and is kept out of every file and said
/// masked. Two shapes are recognised, each by its checksum, so ordinary numbers and codes are not taken for them:
/// a payment card number (13 to 19 digits, spaces or dashes between them, passing the Luhn check) and an IBAN
/// (two letters, two check digits and up to 30 letters and digits, spaces allowed, passing ISO 7064 mod 97-10).
package enum SensitiveShape {
    /// Whether `text` is, as a whole, a card number or an IBAN.
    package static func matches(_ text: String) -> Bool {
        isCardNumber(text) || isIBAN(text)
    }

    static func isCardNumber(_ text: String) -> Bool {
        let compact = text.trimmingSpaces.filter { $0 != " " && $0 != "-" }
        guard (13...19).contains(compact.count) else { return false }
        var sum = 0
        for (index, character) in compact.reversed().enumerated() {
            guard let ascii = character.asciiValue, (48...57).contains(ascii) else { return false }
            var digit = Int(ascii - 48)
            if index % 2 == 1 {
                digit *= 2
                if digit > 9 { digit -= 9 }
            }
            sum += digit
        }
        return sum % 10 == 0
    }

    static func isIBAN(_ text: String) -> Bool {
        let compact = Array(text.trimmingSpaces.filter { $0 != " " }.uppercased())
        guard (15...34).contains(compact.count), compact.prefix(2).allSatisfy({ $0.isASCII && $0.isLetter }),
            compact.dropFirst(2).prefix(2).allSatisfy({ $0.isASCII && $0.isNumber })
        else { return false }
        var remainder = 0
        for character in compact.dropFirst(4) + compact.prefix(4) {
            guard let ascii = character.asciiValue else { return false }
            switch ascii {
            case 48...57: remainder = (remainder * 10 + Int(ascii - 48)) % 97
            // A letter counts as two digits, A as 10 to Z as 35.
            case 65...90: remainder = (remainder * 100 + Int(ascii - 55)) % 97
            default: return false
            }
        }
        return remainder == 1
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}
