/// Why a text is not a JSON document Voz accepts. Each case knows the line and column it was found at.
public enum JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not UTF-8 text.
    case invalidUTF8(line: Int, column: Int)
    /// The text is longer than the limit; it was not parsed.
    case tooLarge(limit: Int)
    /// Arrays and objects are nested deeper than the limit.
    case tooDeep(line: Int, column: Int, limit: Int)
    /// The same key appears twice in one object (at the second one).
    case duplicateKey(line: Int, column: Int, key: String)
    /// Any other break of the JSON grammar, described in a short phrase.
    case syntax(line: Int, column: Int, problem: String)

    /// The line of the problem; 1 when the problem is the whole text.
    public var line: Int {
        switch self {
        case .invalidUTF8(let line, _), .tooDeep(let line, _, _), .duplicateKey(let line, _, _),
            .syntax(let line, _, _):
            return line
        case .tooLarge:
            return 1
        }
    }

    /// The column of the problem, in Unicode scalars from 1; 1 when the problem is the whole text.
    public var column: Int {
        switch self {
        case .invalidUTF8(_, let column), .tooDeep(_, let column, _), .duplicateKey(_, let column, _),
            .syntax(_, let column, _):
            return column
        case .tooLarge:
            return 1
        }
    }

    /// What is wrong, as a phrase without the place (callers add the file and line).
    public var problem: String {
        switch self {
        case .invalidUTF8:
            return "the text is not valid UTF-8; save the file as UTF-8"
        case .tooLarge(let limit):
            return "the text is larger than \(ByteSize.describe(limit))"
        case .tooDeep(_, _, let limit):
            return "arrays and objects are nested deeper than \(limit) levels"
        case .duplicateKey(_, _, let key):
            return "the key \(QuotedText.quote(key)) appears twice in the same object"
        case .syntax(_, _, let problem):
            return problem
        }
    }

    public var description: String { "line \(line), column \(column): \(problem)" }
}

/// Byte counts said the way people say them.
package enum ByteSize {
    package static func describe(_ bytes: Int) -> String {
        let mebibyte = 1024 * 1024
        if bytes >= mebibyte, bytes % mebibyte == 0 { return "\(bytes / mebibyte) MiB" }
        if bytes >= 1024, bytes % 1024 == 0 { return "\(bytes / 1024) KiB" }
        return "\(bytes) bytes"
    }
}
