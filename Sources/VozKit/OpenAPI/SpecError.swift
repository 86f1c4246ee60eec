/// Why an OpenAPI description or JSON Schema cannot become a form. Each case is one sentence for the spec's
/// author naming the file, the line when there is one, and what is wrong.
public enum SpecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file does not exist or cannot be read.
    case unreadable(file: String, reason: String)
    /// The file is not YAML or JSON Voz can read.
    case notParsable(file: String, line: Int, problem: String)
    /// The document is read but says something Voz cannot map: a `$ref` to nowhere, a cycle, no such operation.
    case invalid(file: String, line: Int, problem: String)

    /// The file as it was named.
    public var file: String {
        switch self {
        case .unreadable(let file, _), .notParsable(let file, _, _), .invalid(let file, _, _): return file
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let file, let reason): return "\(file): cannot read the description: \(reason)."
        case .notParsable(let file, let line, let problem): return "\(file): line \(line): \(problem)."
        case .invalid(let file, let line, let problem):
            return line > 0 ? "\(file): line \(line): \(problem)." : "\(file): \(problem)."
        }
    }
}
