import Foundation

// The copies of a secret a server may quote back. A server rarely repeats a value as it was typed: it quotes the
// request body it could not read (form-encoded), its HTML error page escapes it, its framework escapes it in JSON,
// its validator upper-cases it or says it as the name of the member it did not expect. Each is the secret.
extension LogRedactor {
    /// The ways `secret` is written back to a client: as typed, JSON-escaped, percent- and form-encoded,
    /// HTML-escaped, humanised as a field name (as typed, and lower-cased), reversed, base64- and hex-encoded
    /// (`transformed`), once each. Case is no encoding: every copy is matched whatever its case. Copies shorter than
    /// `wholeWordBelow` are left out: "a b" is no secret's copy worth hiding text for.
    static func encodings(of secret: String) -> [String] {
        var seen: Set<String> = []
        // Humanised twice: a server that lower- or upper-cases the secret before naming a member with it leaves no
        // case change to split words at, so its name is said in other words than the secret as typed.
        let said = [humanised(secret), humanised(secret.lowercased())]
        let all =
            [secret] + jsonEscaped(secret) + percentEncoded(secret) + htmlEscaped(secret) + said
            + transformed(secret)
        return all.filter { $0.count >= wholeWordBelow && seen.insert($0.lowercased()).inserted }
    }

    // MARK: - JSON

    /// The secret inside a JSON string as the usual encoders write it: escapes for `"`, `\` and controls; Go's and
    /// Rails' `\u003c` for `<`, `>` and `&`; PHP's `\/`; Python's and PHP's `\u00e9` for everything past ASCII.
    static func jsonEscaped(_ secret: String) -> [String] {
        var forms: [String] = []
        for htmlSafe in [false, true] {
            for slash in [false, true] {
                for asciiOnly in [false, true] {
                    forms.append(jsonString(secret, htmlSafe: htmlSafe, slash: slash, asciiOnly: asciiOnly))
                }
            }
        }
        return forms
    }

    private static func jsonString(_ secret: String, htmlSafe: Bool, slash: Bool, asciiOnly: Bool) -> String {
        var result = ""
        for scalar in secret.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "/" where slash: result += "\\/"
            default:
                let escaped = (htmlSafe && "<>&".unicodeScalars.contains(scalar)) || scalar.value < 0x20
                if escaped || (asciiOnly && scalar.value > 0x7E) {
                    result += unicodeEscapes(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `\uXXXX`, or the surrogate pair for a scalar past the Basic Multilingual Plane.
    private static func unicodeEscapes(_ scalar: Unicode.Scalar) -> String {
        UTF16.encode(scalar)?.map { "\\u" + hex($0, digits: 4) }.joined() ?? ""
    }

    private static func hex(_ value: some BinaryInteger, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    // MARK: - Percent- and form-encoding

    /// The characters each common encoder leaves as they are: RFC 3986's unreserved ones (curl), JavaScript's
    /// `encodeURIComponent`, the WHATWG form encoding (browsers), and Python's `quote`, which keeps `/`.
    private static let unencoded: [Set<UInt8>] = {
        let alphanumerics = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
        let unreserved = alphanumerics.union("-._~".utf8)
        return [
            unreserved, unreserved.union("!'()*".utf8), alphanumerics.union("*-._".utf8), unreserved.union("/".utf8),
        ]
    }()

    /// The secret percent-encoded by each common encoder, a space written `%20` and, as forms write it, `+`.
    static func percentEncoded(_ secret: String) -> [String] {
        unencoded.flatMap { kept in
            [false, true].map { plus in
                secret.utf8.map { byte in
                    if kept.contains(byte) { return String(UnicodeScalar(byte)) }
                    if plus, byte == UInt8(ascii: " ") { return "+" }
                    return "%" + hex(byte, digits: 2)
                }.joined()
            }
        }
    }

    // MARK: - HTML

    /// How HTML escapers write the quotes, `"` first: Python's and Django's, Jinja's and Go's, Rails', PHP's.
    private static let quoteSpellings = [
        ("&quot;", "&#x27;"), ("&#34;", "&#39;"), ("&quot;", "&#39;"), ("&quot;", "&#039;"), ("&#x22;", "&#x27;"),
        ("&quot;", "&apos;"),
    ]

    /// The secret as an HTML page shows it, `&`, `<`, `>` and the quotes escaped, in each escaper's spelling.
    static func htmlEscaped(_ secret: String) -> [String] {
        quoteSpellings.map { quote, apostrophe in
            secret.map { character -> String in
                switch character {
                case "&": return "&amp;"
                case "<": return "&lt;"
                case ">": return "&gt;"
                case "\"": return quote
                case "'": return apostrophe
                default: return String(character)
                }
            }.joined()
        }
    }

    // MARK: - Humanised

    /// The secret said as a field name is said (`ReplyReading.spokenName`): words split at anything that is not a
    /// letter or a digit and where a lower-case letter meets an upper-case one, joined by single spaces.
    static func humanised(_ secret: String) -> String {
        var words: [String] = []
        var word = ""
        var previous: Character?
        for character in secret {
            if !(character.isLetter || character.isNumber) {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                if character.isUppercase, let previous, previous.isLowercase, !word.isEmpty {
                    words.append(word)
                    word = ""
                }
                word.append(character)
            }
            previous = character
        }
        if !word.isEmpty { words.append(word) }
        return words.joined(separator: " ")
    }
}
