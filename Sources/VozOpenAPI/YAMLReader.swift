import CYAML
import VozJSON

/// Reads one YAML document into the JSON document model, with the line and column of every value, through
/// libyaml's event API.
///
/// Plain scalars are typed by the YAML 1.2 core schema (`YAMLScalar`); quoted scalars and `!!str` are text.
/// A key written twice in one mapping is refused, as JSON Schema and OpenAPI require. Aliases are expanded, but
/// the values they stand for are counted, so a "billion laughs" file stops at `maxValues` at once instead of
/// growing for minutes.
package struct YAMLReader: Sendable {
    /// The deepest nesting of mappings and sequences accepted.
    package var maxDepth: Int
    /// The most values the document may hold once every alias is expanded.
    package var maxValues: Int

    package init(maxDepth: Int = 128, maxValues: Int = 1_000_000) {
        self.maxDepth = maxDepth
        self.maxValues = maxValues
    }

    /// The document in `bytes` (UTF-8, or UTF-16 with a byte-order mark).
    package func parse(_ bytes: [UInt8]) throws(YAMLError) -> JSONNode {
        let result: Result<JSONNode, YAMLError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                return .failure(YAMLError(line: 1, column: 1, problem: "the YAML reader could not start"))
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = YAMLTreeBuilder(maxDepth: maxDepth, maxValues: maxValues)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return .failure(Self.syntaxError(parser)) }
                defer { yaml_event_delete(&event) }
                do throws(YAMLError) {
                    if event.type == YAML_STREAM_END_EVENT { return .success(try builder.finish()) }
                    try builder.handle(event)
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }

    /// libyaml's own account of a syntax error, at the place it points to.
    private static func syntaxError(_ parser: yaml_parser_t) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "the text is not valid YAML"
        let context = parser.context.map { String(cString: $0) }
        let mark = parser.problem_mark
        return YAMLError(
            line: Int(mark.line) + 1, column: Int(mark.column) + 1,
            problem: "not valid YAML: " + (context.map { "\($0), \(problem)" } ?? problem))
    }
}
