import Foundation

/// Why a form file cannot be used. Every case reads as one sentence naming the file, where in it, and what
/// was expected, for the form's author (so in English, like a compiler's message).
public enum FormFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file does not exist, is a folder, or cannot be read.
    case unreadable(file: String, reason: String)
    /// The file is larger than a form file may be; it was not read to the end.
    case tooLarge(file: String, limit: Int)
    /// The file is not UTF-8 text.
    case notUTF8(file: String, line: Int)
    /// The file is not JSON, or JSON Voz refuses (too deep, a duplicate key).
    case notJSON(file: String, line: Int, problem: String)
    /// The JSON is not a form: `path` is where (`fields[2].kind`), `problem` what was expected.
    case invalid(file: String, path: String, line: Int, problem: String)

    /// The file as it was named.
    public var file: String {
        switch self {
        case .unreadable(let file, _), .tooLarge(let file, _), .notUTF8(let file, _), .notJSON(let file, _, _),
            .invalid(let file, _, _, _):
            return file
        }
    }

    /// The 1-based line of the problem, when it has one.
    public var line: Int? {
        switch self {
        case .unreadable, .tooLarge: return nil
        case .notUTF8(_, let line), .notJSON(_, let line, _), .invalid(_, _, let line, _): return line
        }
    }

    /// The JSON path of the problem (`fields[2].kind`), when it has one.
    public var path: String? {
        if case .invalid(_, let path, _, _) = self { return path }
        return nil
    }

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "\(file): cannot read the form file: \(reason)."
        case .tooLarge(let file, let limit):
            return "\(file): the file is larger than \(ByteSize.describe(limit)), the most a form file may be."
        case .notUTF8(let file, let line):
            return "\(file): line \(line): the file is not UTF-8 text; save it as UTF-8."
        case .notJSON(let file, let line, let problem):
            return "\(file): line \(line): not valid JSON: \(problem)."
        case .invalid(let file, let path, _, let problem):
            return path.isEmpty ? "\(file): \(problem)." : "\(file): \(path): \(problem)."
        }
    }
}
