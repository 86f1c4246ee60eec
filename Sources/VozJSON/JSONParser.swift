/// A strict JSON parser (RFC 8259) over UTF-8 bytes that remembers the line and column of every value and key.
///
/// Voz has its own parser, rather than `JSONSerialization`, because audits point at lines, because a hostile
/// file or reply must end in a sentence (deep nesting, huge texts, broken UTF-8), because duplicate keys —
/// which other parsers silently resolve — are mistakes a form author needs to hear about, and because numbers
/// are kept as written, so one beyond 64 bits is a value to judge rather than a trap. It validates UTF-8 as it
/// reads, in the same pass.
public struct JSONParser: Sendable {
    /// The deepest nesting of arrays and objects accepted.
    public var maxDepth: Int
    /// The largest text accepted, in bytes.
    public var maxBytes: Int
    /// Whether an object may repeat a key (all members are kept; `subscript` finds the first). Off for files
    /// people write; on for replies from servers, where a repeated key is the server's business, not the user's.
    public var allowsDuplicateKeys: Bool
    /// Whether a `\u` escape of half a surrogate pair becomes U+FFFD instead of an error, as for server replies.
    public var replacesLoneSurrogates: Bool

    public init(
        maxDepth: Int = 64, maxBytes: Int = 4 * 1024 * 1024, allowsDuplicateKeys: Bool = false,
        replacesLoneSurrogates: Bool = false
    ) {
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
        self.allowsDuplicateKeys = allowsDuplicateKeys
        self.replacesLoneSurrogates = replacesLoneSurrogates
    }

    /// The lenient settings for a server's reply: repeated keys and lone surrogates are tolerated.
    public static let replies = JSONParser(allowsDuplicateKeys: true, replacesLoneSurrogates: true)

    /// Parses one JSON document: a single value, surrounded by nothing but whitespace. A UTF-8 byte order mark
    /// at the start is skipped.
    @inlinable
    public func parse<Bytes: Collection>(_ bytes: Bytes) throws(JSONParseError) -> JSONNode
    where Bytes.Element == UInt8 {
        if let result = bytes.withContiguousStorageIfAvailable({ parse(buffer: $0) }) { return try result.get() }
        return try Array(bytes).withUnsafeBufferPointer { parse(buffer: $0) }.get()
    }

    /// Parses one JSON document from contiguous bytes.
    @usableFromInline
    func parse(buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONNode, JSONParseError> {
        guard buffer.count <= maxBytes else { return .failure(.tooLarge(limit: maxBytes)) }
        var cursor = JSONCursor(bytes: buffer, options: self)
        do throws(JSONParseError) {
            return .success(try cursor.document())
        } catch {
            return .failure(error)
        }
    }
}

// MARK: - Cursor

/// The reading position in the bytes, and the grammar read from there.
struct JSONCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    let options: JSONParser
    var index = 0
    var line = 1
    /// Where the current line starts, and a counted position on it, so columns cost one pass in all.
    var lineStart = 0
    var columnMark = 0
    var columnAtMark = 1
    /// Whether a non-ASCII character was read on the current line; until one is, a column is a subtraction.
    var lineHasNonASCII = false

    init(bytes: UnsafeBufferPointer<UInt8>, options: JSONParser) {
        self.bytes = bytes
        self.options = options
        // A byte order mark is not JSON, but editors add it; it carries no meaning, so it is skipped.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
            columnMark = 3
        }
    }

    var atEnd: Bool { index >= bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func document() throws(JSONParseError) -> JSONNode {
        skipWhitespace()
        guard !atEnd else { throw syntax("the file is empty; expected a JSON value") }
        let node = try value(depth: 0)
        skipWhitespace()
        guard atEnd else { throw unexpected("unexpected \(found) after the end of the JSON value") }
        return node
    }

    // MARK: - Position

    /// The 1-based column, in Unicode scalars, of `position` on the current line.
    mutating func column(at position: Int) -> Int {
        if !lineHasNonASCII { return position - lineStart + 1 }
        if position < columnMark {
            columnMark = lineStart
            columnAtMark = 1
        }
        while columnMark < position {
            if bytes[columnMark] & 0xC0 != 0x80 { columnAtMark += 1 }
            columnMark += 1
        }
        return columnAtMark
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A:
                line += 1
                lineStart = index + 1
                columnMark = lineStart
                columnAtMark = 1
                lineHasNonASCII = false
            case 0x20, 0x09, 0x0D: break
            default: return
            }
            index += 1
        }
    }

    // MARK: - Errors

    /// What stands at the cursor, for error phrases.
    var found: String {
        guard let byte = current else { return "end of file" }
        if byte >= 0x21, byte < 0x7F { return "\"\(Character(Unicode.Scalar(byte)))\"" }
        if byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x20 { return "whitespace" }
        if byte < 0x20 || byte == 0x7F { return "a control character" }
        return "a non-ASCII character"
    }

    mutating func syntax(_ problem: String) -> JSONParseError {
        .syntax(line: line, column: column(at: index), problem: problem)
    }

    /// A syntax error about the byte at the cursor — unless that byte starts no UTF-8 character at all, which
    /// is the truer report.
    mutating func unexpected(_ problem: String) -> JSONParseError {
        if let byte = current, byte >= 0x80, UTF8Sequence.length(in: bytes, at: index) == nil {
            return .invalidUTF8(line: line, column: column(at: index))
        }
        return syntax(problem)
    }

    // MARK: - Values

    mutating func value(depth: Int) throws(JSONParseError) -> JSONNode {
        let startLine = line
        let startColumn = column(at: index)
        let value: JSONValue
        guard let byte = current else { throw syntax("expected a value, found end of file") }
        switch byte {
        case UInt8(ascii: "{"): value = try object(depth: depth + 1)
        case UInt8(ascii: "["): value = try array(depth: depth + 1)
        case UInt8(ascii: "\""): value = .string(try string())
        case UInt8(ascii: "t"): value = try literal("true", .bool(true))
        case UInt8(ascii: "f"): value = try literal("false", .bool(false))
        case UInt8(ascii: "n"): value = try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try number())
        default: throw unexpected("expected a value, found \(found)")
        }
        return JSONNode(value, line: startLine, column: startColumn)
    }

    mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
        var members: [JSONMember] = []
        _ = try objectMembers(depth: depth) { key, keyLine, keyColumn, value in
            // One allocation for the usual small object, instead of growing through 1, 2, 4 and 8.
            if members.isEmpty { members.reserveCapacity(8) }
            let text = String(decoding: key, as: UTF8.self)
            members.append(JSONMember(key: text, keyLine: keyLine, keyColumn: keyColumn, value: value))
            return true
        }
        return .object(members)
    }

    mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= options.maxDepth else {
            throw .tooDeep(line: line, column: column(at: index), limit: options.maxDepth)
        }
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
            default: throw unexpected("expected a comma or a closing bracket, found \(found)")
            }
        }
    }

    // MARK: - Scalars

    mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONParseError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw syntax("expected a value, found \(found)") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw syntax("expected a value, found \(found)")
        }
        index += count
        return value
    }

    mutating func number() throws(JSONParseError) -> JSONNumber {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digits() > 0 else { throw invalidNumber(from: start) }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 { throw invalidNumber(from: start) }
        let integerEnd = index
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw invalidNumber(from: start) }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw invalidNumber(from: start) }
        }
        // Digits alone, at most 18 of them, always fit an Int64: read them now, while they are at hand.
        var integer: Int64?
        if integerEnd == index, index - integerStart <= 18 {
            var value: Int64 = 0
            for byte in bytes[integerStart..<index] { value = value * 10 + Int64(byte - UInt8(ascii: "0")) }
            integer = integerStart > start ? -value : value
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        return JSONNumber(literal: literal, integer: integer)
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    private mutating func invalidNumber(from start: Int) -> JSONParseError {
        let startColumn = column(at: start)
        while let byte = current, byte < 0x80, !" \t\r\n,]}".utf8.contains(byte), index - start < 20 { index += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        return .syntax(line: line, column: startColumn, problem: "\(QuotedText.quote(text)) is not a valid JSON number")
    }
}
