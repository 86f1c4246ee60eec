import Foundation
import VozJSON

/// What a Swagger 2.0 description says in its own words, read as OpenAPI 3 says it: the body and form parameters
/// as the request body, a parameter's own `type`, `format` and bounds as its schema, `host`, `basePath` and
/// `schemes` as the server, `securityDefinitions` as the security schemes. `definitions` need nothing: a
/// `#/definitions/Pet` reference is a JSON pointer like any other.
enum SwaggerTwo {
    /// The keywords a 2.0 parameter other than a body writes beside `name` and `in`, which 3.0 puts in `schema`.
    static let schemaKeywords: Set<String> = [
        "type", "format", "items", "enum", "default", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
        "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", "multipleOf", "title",
    ]

    /// Whether the description says `swagger: "2.0"`.
    static func isSwagger(_ root: JSONNode) -> Bool {
        root["swagger"]?.scalarText?.hasPrefix("2") == true
    }

    // MARK: - Parameters

    /// A path, query or header parameter with its schema keywords moved into `schema`, as OpenAPI 3 writes it.
    static func parameter(_ parameter: JSONNode) -> JSONNode {
        guard parameter["schema"] == nil, let members = parameter.members else { return parameter }
        let schema = members.filter { schemaKeywords.contains($0.key) }
        guard !schema.isEmpty else { return parameter }
        let rest = members.filter { !schemaKeywords.contains($0.key) }
        let schemaNode = JSONNode(.object(schema), line: parameter.line, column: parameter.column)
        return JSONNode(
            .object(rest + [JSONMember(key: "schema", value: schemaNode)]), line: parameter.line,
            column: parameter.column)
    }

    /// The request body of the `in: body` parameter, else of the `in: formData` ones (an object of them, sent
    /// form-encoded), with the media types the operation consumes deciding JSON or a form; nil when there is none.
    static func body(of parameters: [JSONNode], consumes: [String]) -> (schema: JSONNode, body: String)? {
        if let body = parameters.first(where: { $0["in"]?.string == "body" }), let schema = body["schema"] {
            let json = consumes.isEmpty || consumes.contains { $0.lowercased().contains("json") }
            let form = consumes.contains { $0.lowercased().hasPrefix("application/x-www-form-urlencoded") }
            return (schema, json || !form ? "json" : "form")
        }
        let fields = parameters.filter { $0["in"]?.string == "formData" }
        guard let first = fields.first else { return nil }
        var properties: [JSONMember] = []
        var required: [JSONNode] = []
        for field in fields {
            guard let name = field["name"]?.string else { continue }
            let adopted = parameter(field)
            var schema = adopted["schema"]?.members ?? []
            if let description = field["description"] {
                schema.append(JSONMember(key: "description", value: description))
            }
            properties.append(
                JSONMember(
                    key: name, keyLine: field.line, value: JSONNode(.object(schema), line: field.line)))
            if field["required"]?.bool == true { required.append(.string(name)) }
        }
        let schema = JSONNode(
            .object([
                JSONMember(key: "type", value: .string("object")),
                JSONMember(key: "properties", value: JSONNode(.object(properties), line: first.line)),
                JSONMember(key: "required", value: .array(required)),
            ]), line: first.line)
        return (schema, "form")
    }

    /// The media types an operation consumes: its own `consumes`, else the description's.
    static func consumes(_ operation: JSONNode, root: JSONNode) -> [String] {
        (operation["consumes"]?.elements ?? root["consumes"]?.elements ?? []).compactMap(\.string)
    }

    // MARK: - Server

    /// The server `host`, `basePath` and `schemes` name: `https` when offered (a plain HTTP one is refused for
    /// secrets anyway), else the first scheme; without a host, the base path alone, resolved against where the
    /// description was read, as Swagger 2.0 says.
    static func server(_ root: JSONNode) -> String {
        let base = root["basePath"]?.string ?? "/"
        let path = base.hasPrefix("/") ? base : "/" + base
        guard let host = root["host"]?.string, !host.isEmpty else { return path }
        let schemes = (root["schemes"]?.elements ?? []).compactMap { $0.string?.lowercased() }
        let scheme = schemes.contains("https") ? "https" : (schemes.first ?? "https")
        return "\(scheme)://\(host)\(path)"
    }
}
