import Foundation

// Copies of a secret that are no escaping of it: a server that echoes it backwards, base64-encodes it (a Basic
// `user:password` credential it quotes, a token it decodes and complains about), or writes its bytes in hexadecimal.
// Matching folds case, which base64 does not; a chance match of 8 or more base64 characters is one in billions.
extension LogRedactor {
    /// The secret reversed, base64-encoded and hex-encoded, as typed and without the spaces around it. Encoded copies
    /// shorter than `cutSecretMinimum` are left out: a few base64 characters are found in any long text.
    static func transformed(_ secret: String) -> [String] {
        let trimmed = secret.trimmingCharacters(in: .whitespacesAndNewlines)
        let values = trimmed.isEmpty || trimmed == secret ? [secret] : [secret, trimmed]
        var forms: [String] = []
        for value in values {
            forms.append(String(value.reversed()))
            let bytes = Array(value.utf8)
            let encoded = base64Copies(bytes) + [bytes.map { hexByte($0) }.joined()]
            forms += encoded.filter { $0.count >= cutSecretMinimum }
        }
        return forms
    }

    // MARK: - Base64

    /// The base64 copies of `bytes`: whole, with and without its padding, and, for each of the three places its
    /// first byte may fall in a longer encoded text ("ana:" before it, a JSON body around it), the characters that
    /// only its bytes decide. Each in the standard alphabet and the URL-safe one (`-` and `_`).
    static func base64Copies(_ bytes: [UInt8]) -> [String] {
        guard !bytes.isEmpty else { return [] }
        let whole = Data(bytes).base64EncodedString()
        var standard = [whole, String(whole.prefix { $0 != "=" })]
        for offset in 0..<3 {
            let encoded = Array(Data(Array(repeating: 0, count: offset) + bytes).base64EncodedString())
            // Each character carries 6 bits: the first ones that hold a byte before the secret, and the last ones
            // that hold a byte after it or padding, depend on what surrounds it.
            let first = (8 * offset + 5) / 6
            let last = 8 * (offset + bytes.count) / 6
            if last > first { standard.append(String(encoded[first..<last])) }
        }
        let urlSafe = standard.map { copy in
            String(copy.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
        }
        var seen: Set<String> = []
        return (standard + urlSafe).filter { seen.insert($0).inserted }
    }

    // MARK: - Hexadecimal

    private static let hexDigits = Array("0123456789abcdef")

    /// A byte as two lower-case hexadecimal digits; case is folded when copies are compared.
    static func hexByte(_ byte: UInt8) -> String {
        String([hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]])
    }
}
