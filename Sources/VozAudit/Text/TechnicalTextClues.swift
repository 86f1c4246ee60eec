/// What a byte scan of a line can tell cheaply: whether each kind of technical text could be in it at all.
///
/// Every check is a necessary condition of its kind's patterns (a byte or word each of them needs), so a kind
/// ruled out here could never have matched; a kind not ruled out is left to its regular expression.
struct TechnicalTextClues {
    /// The text's UTF-8 bytes.
    private let bytes: [UInt8]
    /// The same bytes with ASCII letters lowercased, for the patterns matched without regard to case.
    private let lowered: [UInt8]
    /// Whether a character outside ASCII could match an ASCII letter without regard to case (the Kelvin sign
    /// is a "k", "ſ" an "s", "ß" is "ss", "ﬆ" is "st"), which no byte scan of letters can see.
    private let foldsToLetters: Bool

    init(_ text: String) {
        bytes = Array(text.utf8)
        lowered = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        // Only a character that changes when case-folded can be case-equivalent to an ASCII letter.
        foldsToLetters =
            bytes.contains { $0 >= 0x80 }
            && text.unicodeScalars.contains { !$0.isASCII && $0.properties.changesWhenCaseFolded }
    }

    /// False only when `kind` cannot be in the text.
    func mayHold(_ kind: TechnicalText.Kind) -> Bool {
        switch kind {
        case .statusCode:
            // Both patterns end in [1-5]\d\d; \d is any decimal digit, so any byte outside ASCII may be one.
            return hasStatusDigits
        case .exception:
            // Matched with case: every pattern needs one of these words as written.
            return Self.exceptionWords.contains { contains($0, in: bytes) }
        case .url:
            return contains(Array("://".utf8), in: bytes) || foldsToLetters || contains(Array("www.".utf8), in: lowered)
        case .domain:
            // A top-level domain after a dot, a dotted number (\d may be outside ASCII), or localhost.
            return foldsToLetters || hasDot(followedBy: Self.topLevelDomains) || hasDotBeforeDigit
                || contains(Array("localhost".utf8), in: lowered)
        case .json:
            return bytes.contains(UInt8(ascii: "{")) || bytes.contains(UInt8(ascii: "\""))
        case .html:
            return bytes.contains(UInt8(ascii: "<"))
        case .stackTrace:
            // "at f(file:1)" and "Traceback (…)" need a parenthesis, 'File "x", line 1' a quote.
            return bytes.contains(UInt8(ascii: "(")) || bytes.contains(UInt8(ascii: "\"")) || foldsToLetters
                || contains(Array("0x".utf8), in: lowered) || hasDot(followedBy: Self.sourceExtensions)
        case .identifier:
            // A UUID starts with 8 hexadecimal digits, the other identifier has at least 24.
            return foldsToLetters || hasHexRun(of: 8)
        }
    }

    // MARK: - Words

    private static let exceptionWords = [
        "Exception", "Error", "Domain=", "Code=", "ECONNRE", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "EPIPE",
        "errno",
    ].map { Array($0.utf8) }
    private static let topLevelDomains = [
        "com", "net", "org", "io", "dev", "app", "local", "internal", "cloud", "es", "eu", "fr", "de", "it", "br", "pt",
    ]
    .map { Array($0.utf8) }
    private static let sourceExtensions = ["swift:", "java:", "py:", "js:", "ts:", "rb:", "go:"].map { Array($0.utf8) }

    // MARK: - Scans

    /// A digit 1 to 5 followed by two bytes that may be digits.
    private var hasStatusDigits: Bool {
        guard bytes.count >= 3 else { return false }
        for index in 0..<(bytes.count - 2)
        where bytes[index] >= UInt8(ascii: "1") && bytes[index] <= UInt8(ascii: "5")
            && Self.mayBeDigit(bytes[index + 1]) && Self.mayBeDigit(bytes[index + 2])
        {
            return true
        }
        return false
    }

    private var hasDotBeforeDigit: Bool {
        guard bytes.count >= 2 else { return false }
        return (0..<(bytes.count - 1)).contains { bytes[$0] == UInt8(ascii: ".") && Self.mayBeDigit(bytes[$0 + 1]) }
    }

    /// A dot directly followed by one of `words` (lowercase), without regard to case.
    private func hasDot(followedBy words: [[UInt8]]) -> Bool {
        for index in lowered.indices where lowered[index] == UInt8(ascii: ".") {
            let rest = lowered[(index + 1)...]
            if words.contains(where: { rest.starts(with: $0) }) { return true }
        }
        return false
    }

    /// `count` hexadecimal digits in a row, without regard to case.
    private func hasHexRun(of count: Int) -> Bool {
        var run = 0
        for byte in lowered {
            let isHex =
                (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
            run = isHex ? run + 1 : 0
            if run >= count { return true }
        }
        return false
    }

    /// An ASCII digit, or a byte of a character outside ASCII (which may be a digit of another script).
    private static func mayBeDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte >= 0x80
    }

    private func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        for index in 0...(haystack.count - needle.count)
        where haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}
