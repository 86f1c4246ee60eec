/// A form as loaded from a file, with where each part of it stands in that file.
public struct FormDocument: Sendable, Equatable {
    /// The file's path as given.
    public var path: String
    public var form: Form
    /// Lines of the JSON paths in the file, so audits can point at the offending line.
    public var sourceMap: SourceMap
    /// For a form built from an OpenAPI description or JSON Schema: where each field's label came from, by
    /// `FieldProvenance.key`. Empty for a form file somebody wrote.
    public var provenance: [String: FieldProvenance]

    public init(path: String, form: Form, sourceMap: SourceMap, provenance: [String: FieldProvenance] = [:]) {
        self.path = path
        self.form = form
        self.sourceMap = sourceMap
        self.provenance = provenance
    }
}

/// Maps JSON paths (`fields[2].label`, `submit.url`) to 1-based line numbers in the form file.
public struct SourceMap: Sendable, Equatable {
    public var lines: [String: Int]

    public init(lines: [String: Int] = [:]) {
        self.lines = lines
    }

    /// The line of `path`, or of its nearest enclosing path that has one (`fields[2].rules.pattern` falls back to
    /// `fields[2].rules`, then `fields[2]`), or 1.
    public func line(for path: String) -> Int {
        var current = path
        while !current.isEmpty {
            if let line = lines[current] { return line }
            guard let cut = current.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            current = String(current[..<cut])
        }
        return lines[path] ?? 1
    }
}
