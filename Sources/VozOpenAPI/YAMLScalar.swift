import VozJSON

/// Resolves YAML plain scalars by the YAML 1.2 core schema (YAML 1.2.2 §10.3.2): libyaml decides no types.
///
/// Only `true`/`false` (in three casings) are booleans, so `no`, `on` and `yes` stay text; `12:30` is text (no
/// sexagesimal numbers); `0o17` and `0x1F` are integers; `0755` is the decimal 755, as 1.2 reads it, not the
/// octal of YAML 1.1. `.inf` and `.nan` stay text, because JSON has no such numbers.
enum YAMLScalar {
    /// The value of a plain scalar with no tag.
    static func resolve(_ text: String) -> JSONValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        guard let first = text.utf8.first,
            first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
                || first == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return .string(text) }
        if let literal = integerLiteral(text) ?? floatLiteral(text) {
            return .number(JSONNumber(literal: literal))
        }
        return .string(text)
    }

    // MARK: - Integers

    /// The JSON literal of `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`; nil when `text` is none of them.
    static func integerLiteral(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0"),
            bytes[1] == UInt8(ascii: "o") || bytes[1] == UInt8(ascii: "x")
        {
            let radix = bytes[1] == UInt8(ascii: "o") ? 8 : 16
            // A value too large for 64 bits stays text rather than being rounded.
            return UInt64(String(decoding: bytes[2...], as: UTF8.self), radix: radix).map { String($0) }
        }
        var digits = bytes[...]
        var negative = false
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
        return (negative ? "-" : "") + withoutLeadingZeros(digits)
    }

    // MARK: - Floats

    /// The JSON literal of `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`; nil when `text` is not one.
    static func floatLiteral(_ text: String) -> String? {
        var rest = Array(text.utf8)[...]
        var negative = false
        if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            rest = rest.dropFirst()
        }
        let whole = rest.prefix(while: isDigit)
        rest = rest.dropFirst(whole.count)
        var fraction = ArraySlice<UInt8>()
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            fraction = rest.prefix(while: isDigit)
            rest = rest.dropFirst(fraction.count)
        }
        guard !whole.isEmpty || !fraction.isEmpty else { return nil }
        var exponent = ""
        if let mark = rest.first, mark == UInt8(ascii: "e") || mark == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            var sign = ""
            if let next = rest.first, next == UInt8(ascii: "-") || next == UInt8(ascii: "+") {
                sign = next == UInt8(ascii: "-") ? "-" : "+"
                rest = rest.dropFirst()
            }
            guard !rest.isEmpty, rest.allSatisfy(isDigit) else { return nil }
            exponent = "e" + sign + String(decoding: rest, as: UTF8.self)
            rest = []
        }
        guard rest.isEmpty else { return nil }
        let integer = whole.isEmpty ? "0" : withoutLeadingZeros(whole)
        let decimals = fraction.isEmpty ? "" : "." + String(decoding: fraction, as: UTF8.self)
        return (negative ? "-" : "") + integer + decimals + exponent
    }

    // MARK: - Digits

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func withoutLeadingZeros(_ digits: ArraySlice<UInt8>) -> String {
        let trimmed = digits.drop { $0 == UInt8(ascii: "0") }
        return trimmed.isEmpty ? "0" : String(decoding: trimmed, as: UTF8.self)
    }
}
