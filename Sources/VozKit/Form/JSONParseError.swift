import Foundation

/// Why a text is not a JSON document Voz accepts. Each case knows the line it was found on.
public enum JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes are not UTF-8 text.
    case invalidUTF8(line: Int)
    /// The text is longer than the limit; it was not parsed.
    case tooLarge(limit: Int)
    /// Arrays and objects are nested deeper than the limit.
    case tooDeep(line: Int, limit: Int)
    /// The same key appears twice in one object.
    case duplicateKey(line: Int, key: String)
    /// Any other break of the JSON grammar, described in a short phrase.
    case syntax(line: Int, problem: String)

    /// The line of the problem; 1 when the problem is the whole text.
    public var line: Int {
        switch self {
        case .invalidUTF8(let line), .tooDeep(let line, _), .duplicateKey(let line, _), .syntax(let line, _):
            return line
        case .tooLarge:
            return 1
        }
    }

    /// What is wrong, as a phrase without the line (callers add the file and line).
    public var problem: String {
        switch self {
        case .invalidUTF8:
            return "the text is not valid UTF-8; save the file as UTF-8"
        case .tooLarge(let limit):
            return "the text is larger than \(ByteSize.describe(limit))"
        case .tooDeep(_, let limit):
            return "arrays and objects are nested deeper than \(limit) levels"
        case .duplicateKey(_, let key):
            return "the key \(QuotedText.quote(key)) appears twice in the same object"
        case .syntax(_, let problem):
            return problem
        }
    }

    public var description: String { "line \(line): \(problem)" }
}

/// Byte counts said the way people say them.
enum ByteSize {
    static func describe(_ bytes: Int) -> String {
        let mebibyte = 1024 * 1024
        if bytes >= mebibyte, bytes % mebibyte == 0 { return "\(bytes / mebibyte) MiB" }
        if bytes >= 1024, bytes % 1024 == 0 { return "\(bytes / 1024) KiB" }
        return "\(bytes) bytes"
    }
}
