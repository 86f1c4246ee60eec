import VozLocalization

/// Why an OpenAPI description or JSON Schema cannot become a form. Each case is one sentence for the spec's
/// author naming the file, the line when there is one, and what is wrong.
public enum SpecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not YAML or JSON Voz can read.
    case notParsable(file: String, line: Int, problem: String)
    /// A description, or a document a reference points into (`referredFrom` the file and line of the reference),
    /// could not be read from `url`.
    case unloadable(url: String, failure: SpecLoadFailure, referredFrom: String?, line: Int)
    /// The document is read but says something Voz cannot map (a `$ref` to nowhere, a cycle, no such operation), said
    /// by a catalog phrase (`key` with `arguments`), at a line of `file` (0: the whole file).
    case phrase(file: String, line: Int, key: String, arguments: [String: String])

    /// The sentence in English.
    public var description: String { message(Localizer(language: .en)) }

    /// The sentence in the user's language; the problems the foundation words itself stay in English.
    public func message(_ localizer: Localizer) -> String {
        switch self {
        case .notParsable(let file, let line, let problem):
            return Self.sentence(file: file, line: line, problem: problem, localizer)
        case .unloadable(let url, let failure, let referredFrom, let line):
            let reason = localizer.text(failure.phrase.key, failure.phrase.arguments)
            guard let referredFrom else {
                return localizer.text("spec.load.unreadable", ["url": url, "reason": reason])
            }
            return localizer.text(
                "spec.load.referenced", ["file": referredFrom, "line": String(line), "url": url, "reason": reason])
        case .phrase(let file, let line, let key, let arguments):
            return Self.sentence(file: file, line: line, problem: localizer.text(key, arguments), localizer)
        }
    }

    /// `problem` at a line of `file` (0: the whole file), framed in the user's language.
    private static func sentence(file: String, line: Int, problem: String, _ localizer: Localizer) -> String {
        guard line > 0 else { return localizer.text("spec.at.file", ["file": file, "problem": problem]) }
        return localizer.text("spec.at.line", ["file": file, "line": String(line), "problem": problem])
    }
}
