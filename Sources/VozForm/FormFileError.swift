import Foundation
import VozJSON
import VozLocalization

/// Why a form file cannot be used. Every case reads as one sentence naming the file, where in it, and what
/// was expected, for the form's author, in the user's language (`message`); only the JSON parser's own words
/// (`notJSON`'s problem) stay English, as the foundation writes them.
public enum FormFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file does not exist, is a folder, or cannot be read.
    case unreadable(file: String, reason: FormProblem)
    /// The file is larger than a form file may be; it was not read to the end.
    case tooLarge(file: String, limit: Int)
    /// The file is not UTF-8 text.
    case notUTF8(file: String, line: Int)
    /// The file is not JSON, or JSON Voz refuses (too deep, a duplicate key).
    case notJSON(file: String, line: Int, problem: String)
    /// The JSON is not a form: `path` is where (`fields[2].kind`), `problem` what was expected.
    case invalid(file: String, path: String, line: Int, problem: FormProblem)

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

    /// The sentence in English.
    public var description: String { message(Localizer(language: .en)) }

    /// The sentence in `localizer`'s language.
    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .unreadable(let file, let reason):
            return localizer.text("formFile.unreadable", ["file": file, "reason": reason.text(localizer)])
        case .tooLarge(let file, let limit):
            return localizer.text("formFile.tooLarge", ["file": file, "limit": ByteSize.describe(limit)])
        case .notUTF8(let file, let line):
            return localizer.text("formFile.notUTF8", ["file": file, "line": String(line)])
        case .notJSON(let file, let line, let problem):
            return localizer.text("formFile.notJSON", ["file": file, "line": String(line), "problem": problem])
        case .invalid(let file, let path, _, let problem):
            let arguments = ["file": file, "path": path, "problem": problem.text(localizer)]
            return localizer.text(path.isEmpty ? "formFile.at.file" : "formFile.at.path", arguments)
        }
    }
}
