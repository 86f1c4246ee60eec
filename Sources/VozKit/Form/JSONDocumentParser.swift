import Foundation

/// A strict JSON parser (RFC 8259) that remembers the line of every value.
///
/// Voz has its own parser, rather than `JSONSerialization`, because audits point at lines, because a hostile
/// form file must end in a sentence (deep nesting, huge files, broken UTF-8), and because duplicate keys —
/// which other parsers silently resolve — are mistakes a form author needs to hear about.
public struct JSONDocumentParser: Sendable {
    /// The deepest nesting of arrays and objects accepted.
    public var maxDepth: Int
    /// The largest text accepted, in bytes.
    public var maxBytes: Int

    public init(maxDepth: Int = 64, maxBytes: Int = 4 * 1024 * 1024) {
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
    }

    /// Parses one JSON document: a single value, surrounded by nothing but whitespace.
    public func parse(_ data: Data) throws(JSONParseError) -> JSONNode {
        guard data.count <= maxBytes else { throw .tooLarge(limit: maxBytes) }
        var bytes = [UInt8](data)
        // A byte order mark is not JSON, but editors add it; it carries no meaning, so it is skipped.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let line = UTF8Check.firstInvalidLine(bytes) { throw .invalidUTF8(line: line) }
        var cursor = Cursor(bytes: bytes, maxDepth: maxDepth)
        cursor.skipWhitespace()
        guard !cursor.atEnd else {
            throw .syntax(line: cursor.line, problem: "the file is empty; expected a JSON value")
        }
        let node = try cursor.value(depth: 0)
        cursor.skipWhitespace()
        guard cursor.atEnd else {
            throw .syntax(line: cursor.line, problem: "unexpected \(cursor.found) after the end of the JSON value")
        }
        return node
    }
}

// MARK: - Cursor

/// The reading position in the bytes, and the grammar read from there.
private struct Cursor {
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0
    var line = 1

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    var atEnd: Bool { index >= bytes.count }
    var current: UInt8? { atEnd ? nil : bytes[index] }

    /// What stands at the cursor, for error phrases.
    var found: String {
        guard let byte = current else { return "end of file" }
        if byte >= 0x21, byte < 0x7F { return "\"\(Character(Unicode.Scalar(byte)))\"" }
        if byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x20 { return "whitespace" }
        if byte < 0x20 || byte == 0x7F { return "a control character" }
        return "a non-ASCII character"
    }

    mutating func skipWhitespace() {
        while let byte = current {
            switch byte {
            case 0x0A: line += 1
            case 0x20, 0x09, 0x0D: break
            default: return
            }
            index += 1
        }
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSONNode {
        let start = line
        guard let byte = current else { throw .syntax(line: line, problem: "expected a value, found end of file") }
        switch byte {
        case UInt8(ascii: "{"): return JSONNode(try object(depth: depth + 1), line: start)
        case UInt8(ascii: "["): return JSONNode(try array(depth: depth + 1), line: start)
        case UInt8(ascii: "\""): return JSONNode(.string(try string()), line: start)
        case UInt8(ascii: "t"): return JSONNode(try literal("true", .bool(true)), line: start)
        case UInt8(ascii: "f"): return JSONNode(try literal("false", .bool(false)), line: start)
        case UInt8(ascii: "n"): return JSONNode(try literal("null", .null), line: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(try number(), line: start)
        default: throw .syntax(line: line, problem: "expected a value, found \(found)")
        }
    }

    // MARK: - Containers

    mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maxDepth else { throw .tooDeep(line: line, limit: maxDepth) }
        index += 1
        var members: [JSONMember] = []
        var seen = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw .syntax(line: line, problem: "expected a key in double quotes, found \(found)")
            }
            let keyLine = line
            let key = try string()
            guard seen.insert(key).inserted else { throw .duplicateKey(line: keyLine, key: key) }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw .syntax(line: line, problem: "expected a colon after the key, found \(found)")
            }
            index += 1
            skipWhitespace()
            members.append(JSONMember(key: key, keyLine: keyLine, value: try value(depth: depth)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default:
                throw .syntax(line: line, problem: "expected a comma or a closing brace, found \(found)")
            }
        }
    }

    mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maxDepth else { throw .tooDeep(line: line, limit: maxDepth) }
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default:
                throw .syntax(line: line, problem: "expected a comma or a closing bracket, found \(found)")
            }
        }
    }

    // MARK: - Scalars

    mutating func literal(_ word: String, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw .syntax(line: line, problem: "expected a value, found \(found)")
        }
        index += utf8.count
        return value
    }

    mutating func number() throws(JSONParseError) -> JSONValue {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digits() > 0 else { throw invalidNumber(from: start) }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 { throw invalidNumber(from: start) }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw invalidNumber(from: start) }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw invalidNumber(from: start) }
        }
        let literal = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(literal), value.isFinite else {
            throw .syntax(line: line, problem: "the number \(literal) is too large")
        }
        return .number(value, literal: literal)
    }

    private mutating func digits() -> Int {
        let start = index
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    private mutating func invalidNumber(from start: Int) -> JSONParseError {
        while let byte = current, !" \t\r\n,]}".utf8.contains(byte), index - start < 20 { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        return .syntax(line: line, problem: "\(QuotedText.quote(text)) is not a valid JSON number")
    }

    mutating func string() throws(JSONParseError) -> String {
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else {
                throw .syntax(line: line, problem: "a string is not closed; add the closing double quote")
            }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                // The bytes were checked as UTF-8 and escapes add whole scalars, so nothing is replaced here.
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                utf8.append(contentsOf: String(try escape()).utf8)
            case 0x0A:
                throw .syntax(
                    line: line,
                    problem:
                        "a string is not closed on its line; add the closing double quote, or write a line break as \\n"
                )
            case 0x00..<0x20:
                throw .syntax(
                    line: line, problem: "a control character inside a string must be written as an escape, like \\t")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    /// Reads one escape after the backslash, pairing UTF-16 surrogates into one scalar.
    private mutating func escape() throws(JSONParseError) -> Unicode.Scalar {
        guard let byte = current else {
            throw .syntax(line: line, problem: "a string is not closed; add the closing double quote")
        }
        index += 1
        if let scalar = JSONEscape.single(byte) { return scalar }
        switch byte {
        case UInt8(ascii: "u"):
            let first = try hex4()
            if (0xDC00...0xDFFF).contains(first) { throw unpaired(first) }
            if (0xD800...0xDBFF).contains(first) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else { throw unpaired(first) }
                index += 2
                let second = try hex4()
                guard let scalar = JSONEscape.pair(high: first, low: second) else { throw unpaired(first) }
                return scalar
            }
            guard let scalar = Unicode.Scalar(first) else { throw unpaired(first) }
            return scalar
        default:
            let shown =
                byte >= 0x21 && byte < 0x7F ? "\\\(Character(Unicode.Scalar(byte)))" : "\\ and a control character"
            throw .syntax(line: line, problem: "\(QuotedText.quote(shown)) is not a JSON escape")
        }
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Cursor.hexValue(byte) else {
                throw .syntax(line: line, problem: "a \\u escape needs exactly four hexadecimal digits")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private func unpaired(_ unit: UInt32) -> JSONParseError {
        let hex = String(unit, radix: 16, uppercase: true)
        return .syntax(line: line, problem: "the escape \\u\(hex) is half of a surrogate pair without its other half")
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
