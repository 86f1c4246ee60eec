/// A form as loaded from a file, with where each part of it stands in that file.
public struct FormDocument: Sendable, Equatable {
    /// The file's path as given.
    public var path: String
    /// The form the file describes.
    public var form: Form
    /// Lines of the JSON paths in the file, so audits can point at the offending line.
    public var sourceMap: SourceMap
    /// For a form built from an OpenAPI description or JSON Schema: where each field's label came from, by
    /// `FieldProvenance.key`. Empty for a form file somebody wrote.
    public var provenance: [String: FieldProvenance]

    /// A form loaded from `path`, with its source map and, for a generated form, its fields' provenance.
    public init(path: String, form: Form, sourceMap: SourceMap, provenance: [String: FieldProvenance] = [:]) {
        self.path = path
        self.form = form
        self.sourceMap = sourceMap
        self.provenance = provenance
    }
}

/// Maps JSON paths (`fields[2].label`, `submit.url`) to 1-based line numbers in the form file.
public struct SourceMap: Sendable, Equatable {
    /// The 1-based line of each JSON path that has one.
    public var lines: [String: Int]

    /// A map with these lines; empty puts everything on line 1.
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
