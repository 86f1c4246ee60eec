import Foundation

// The fuzzer's own encoders, written from what servers send (Foundation's and Python's JSON, Go's HTML-safe JSON,
// curl's and browsers' percent-encoding, Django's HTML escaping), so the oracle does not share Voz's list.
extension EchoCase {
    static func encode(_ secret: String, as encoding: String) -> String {
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
}
