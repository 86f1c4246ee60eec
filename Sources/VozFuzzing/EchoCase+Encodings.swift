import Foundation

// The fuzzer's own encoders, written from what servers send (Foundation's and Python's JSON, Go's HTML-safe JSON,
// curl's and browsers' percent-encoding, Django's HTML escaping, Foundation's base64, a Basic credential, a
// debugging dump in hexadecimal, a string reversed, Unicode's fullwidth forms), so the oracle does not share Voz's
// list.
extension EchoCase {
    static func encode(_ secret: String, as encoding: String) -> String {
        if let transformed = transform(secret, as: encoding) { return transformed }
        if let card = spellCard(secret, as: encoding) { return card }
        switch encoding {
        case "json": return jsonInner(secret)
        case "json-ascii": return escapedScalars(secret) { !$0.isASCII }
        case "json-html": return escapedScalars(secret) { "<>&".unicodeScalars.contains($0) }
        case "percent": return percent(secret, keeping: Set("-._~".utf8), plus: false)
        case "form": return percent(secret, keeping: Set("*-._".utf8), plus: true)
        case "html":
            return secret.map { character -> String in
                switch character {
                case "&": return "&amp;"
                case "<": return "&lt;"
                case ">": return "&gt;"
                case "\"": return "&quot;"
                case "'": return "&#39;"
                default: return String(character)
                }
            }.joined()
        case "upper": return secret.uppercased()
        case "lower": return secret.lowercased()
        default: return secret
        }
    }

    /// `text` inside a JSON string as Foundation writes it (`/` escaped too), without the quotes.
    static func jsonInner(_ text: String) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed]) else {
            return text
        }
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst(2).dropLast(2))
    }

    /// JSON-escaped with `\u` escapes for the scalars `escaping` picks (UTF-16, surrogate pairs past the BMP).
    private static func escapedScalars(_ text: String, escaping: (Unicode.Scalar) -> Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\"" {
                out += "\\\""
            } else if scalar == "\\" {
                out += "\\\\"
            } else if escaping(scalar) {
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func percent(_ text: String, keeping extra: Set<UInt8>, plus: Bool) -> String {
        text.utf8.map { byte -> String in
            let alphanumeric =
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            if alphanumeric || extra.contains(byte) { return String(UnicodeScalar(byte)) }
            if plus, byte == 0x20 { return "+" }
            let hex = String(byte, radix: 16, uppercase: true)
            return "%" + (hex.count == 1 ? "0" : "") + hex
        }.joined()
    }

    /// The words of `text` as a reader says a member name: split at anything not a letter or a digit.
    static func humanised(_ text: String) -> String {
        text.split { !($0.isLetter || $0.isNumber) }.joined(separator: " ")
    }

    // MARK: - Transforms

    /// `secret` transformed as `encoding` names, or nil when it names no transform.
    static func transform(_ secret: String, as encoding: String) -> String? {
        let base64 = Data(secret.utf8).base64EncodedString()
        let urlSafe = String(base64.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
        switch encoding {
        case "reversed": return String(secret.reversed())
        case "base64": return base64
        case "base64-nopad": return String(base64.prefix { $0 != "=" })
        case "base64url": return urlSafe
        case "base64url-nopad": return String(urlSafe.prefix { $0 != "=" })
        case "basic": return "Basic " + Data("ana@example.com:\(secret)".utf8).base64EncodedString()
        case "hex": return secret.utf8.map { String(format: "%02x", $0) }.joined()
        case "percent-all": return secret.utf8.map { String(format: "%%%02X", $0) }.joined()
        case "entities": return secret.unicodeScalars.map { "&#\($0.value);" }.joined()
        case "entities-hex":
            return secret.unicodeScalars.map { "&#x\(String($0.value, radix: 16, uppercase: true));" }.joined()
        case "swapcase": return secret.map { $0.isUppercase ? $0.lowercased() : $0.uppercased() }.joined()
        case "fullwidth":
            return shifted(secret) { (0x21...0x7E).contains($0.value) ? $0.value + 0xFEE0 : nil }
        default: return nil
        }
    }

    /// `text` with each scalar `offset` moves written as the scalar it names.
    static func shifted(_ text: String, _ offset: (Unicode.Scalar) -> UInt32?) -> String {
        var view = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            view.append(offset(scalar).flatMap(Unicode.Scalar.init) ?? scalar)
        }
        return String(view)
    }
}
