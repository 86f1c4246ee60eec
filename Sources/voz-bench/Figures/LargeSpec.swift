import Foundation
import VozJSON

/// A large OpenAPI 3.1 description made at bench time, the same every run: `resources` schemas shaped as cloud
/// APIs write them (a create request that `allOf`s a shared base, nested settings, arrays of objects, enums by
/// `$ref`, maps, read-only members), each with a POST and a GET. Written as JSON (indented, as such specs ship)
/// and as block YAML of the same document, so the two parsers read one description.
enum LargeSpec {
    /// The operation the figure builds: in the middle of `paths`, its body reaching across the schemas.
    static func operation(resources: Int) -> String { "createWidget\(resources / 2)" }

    static func document(resources: Int) -> JSONNode {
        var schemas: [(String, JSONNode)] = []
        for base in 0..<20 {
            schemas.append(
                (
                    "Base\(base)",
                    object(
                        [
                            (
                                "displayName",
                                string(title: "Display name", maxLength: 63, description: "Shown in lists.")
                            ),
                            (
                                "labels",
                                .object([
                                    ("type", .string("object")),
                                    ("additionalProperties", .object([("type", .string("string"))])),
                                ])
                            ),
                            ("etag", .object([("type", .string("string")), ("readOnly", .bool(true))])),
                        ], required: ["displayName"])
                ))
        }
        for status in 0..<50 {
            let values = (0..<(3 + status % 5)).map { JSONNode.string("STATE_\(status)_\($0)") }
            schemas.append(("Status\(status)", .object([("type", .string("string")), ("enum", .array(values))])))
        }
        for index in 0..<resources {
            schemas.append(("Settings\(index)", settings(index)))
            schemas.append(("Item\(index)", item(index, resources: resources)))
            schemas.append(("Widget\(index)", widget(index, resources: resources)))
            schemas.append(
                (
                    "CreateWidget\(index)Request",
                    .object([
                        ("allOf", .array([reference("Base\(index % 20)"), reference("Widget\(index)")])),
                        ("required", .array([.string("region")])),
                    ])
                ))
        }
        var paths: [(String, JSONNode)] = []
        for index in 0..<resources {
            let parameters: JSONNode = .array([
                .object([
                    ("name", .string("project")), ("in", .string("path")), ("required", .bool(true)),
                    ("description", .string("The project that owns the widget.")),
                    ("schema", .object([("type", .string("string")), ("pattern", .string("^[a-z][a-z0-9-]{5,29}$"))])),
                ]),
                .object([
                    ("name", .string("X-Request-Id")), ("in", .string("header")),
                    ("schema", .object([("type", .string("string"))])),
                ]),
            ])
            let body: JSONNode = .object([
                ("required", .bool(true)),
                (
                    "content",
                    .object([("application/json", .object([("schema", reference("CreateWidget\(index)Request"))]))])
                ),
            ])
            let created: JSONNode = .object([
                (
                    "201",
                    .object([
                        ("description", .string("Created.")),
                        (
                            "content",
                            .object([("application/json", .object([("schema", reference("Widget\(index)"))]))])
                        ),
                    ])
                )
            ])
            paths.append(
                (
                    "/v1/projects/{project}/widgets\(index)",
                    .object([
                        ("parameters", parameters),
                        (
                            "post",
                            .object([
                                ("operationId", .string("createWidget\(index)")),
                                ("summary", .string("Create widget \(index)")),
                                ("requestBody", body), ("responses", created),
                            ])
                        ),
                        (
                            "get",
                            .object([
                                ("operationId", .string("listWidgets\(index)")),
                                ("summary", .string("List widgets \(index)")),
                                ("responses", .object([("200", .object([("description", .string("The widgets."))]))])),
                            ])
                        ),
                    ])
                ))
        }
        return .object([
            ("openapi", .string("3.1.0")),
            ("info", .object([("title", .string("Generated large API")), ("version", .string("1.0.0"))])),
            (
                "servers",
                .array([
                    .object([
                        ("url", .string("https://{region}.api.example.com")),
                        ("variables", .object([("region", .object([("default", .string("eu"))]))])),
                    ])
                ])
            ),
            ("security", .array([.object([("apiKey", .array([]))])])),
            ("paths", .object(paths)),
            (
                "components",
                .object([
                    ("schemas", .object(schemas)),
                    (
                        "securitySchemes",
                        .object([
                            (
                                "apiKey",
                                .object([
                                    ("type", .string("apiKey")), ("in", .string("header")),
                                    ("name", .string("X-API-Key")),
                                ])
                            )
                        ])
                    ),
                ])
            ),
        ])
    }

    // MARK: - Schemas

    private static func widget(_ index: Int, resources: Int) -> JSONNode {
        object(
            [
                ("id", .object([("type", .string("string")), ("readOnly", .bool(true))])),
                (
                    "region",
                    .object([
                        ("type", .string("string")), ("title", .string("Region")),
                        ("description", .string("Where the widget runs, such as eu-west-1.")),
                        ("enum", .array(["eu-west-1", "eu-south-2", "us-east-1", "sa-east-1"].map(JSONNode.string))),
                    ])
                ),
                ("status", reference("Status\(index % 50)")),
                (
                    "capacity",
                    .object([
                        ("type", .string("integer")), ("minimum", .number(1)), ("maximum", .number(1000 + index)),
                        ("description", .string("How many at once, from 1 to \(1000 + index).")),
                    ])
                ),
                ("contactEmail", .object([("type", .string("string")), ("format", .string("email"))])),
                (
                    "notes",
                    .object([
                        (
                            "anyOf",
                            .array([
                                string(title: nil, maxLength: 2000, description: "Anything the operators should know."),
                                .object([("type", .string("null"))]),
                            ])
                        )
                    ])
                ),
                (
                    "tags",
                    .object([
                        ("type", .string("array")),
                        ("items", .object([("type", .string("string")), ("maxLength", .number(32))])),
                        ("maxItems", .number(20)),
                    ])
                ),
                ("settings", reference("Settings\(index)")),
                (
                    "items",
                    .object([
                        ("type", .string("array")), ("items", reference("Item\(index)")), ("minItems", .number(1)),
                    ])
                ),
                (
                    "createTime",
                    .object([("type", .string("string")), ("format", .string("date-time")), ("readOnly", .bool(true))])
                ),
            ], required: ["region", "capacity", "items"])
    }

    private static func settings(_ index: Int) -> JSONNode {
        object(
            [
                (
                    "enabled",
                    .object([("type", .string("boolean")), ("description", .string("Whether it starts at once."))])
                ),
                (
                    "retries",
                    .object([("type", .string("integer")), ("minimum", .number(0)), ("exclusiveMaximum", .number(10))])
                ),
                (
                    "window",
                    .object([
                        ("type", .string("string")), ("pattern", .string("^[0-9]{2}:[0-9]{2}$")),
                        ("description", .string("Start of the daily window, such as 02:30.")),
                    ])
                ),
                (
                    "timeZone",
                    string(title: "Time zone", maxLength: 64, description: "An IANA name, such as Europe/Madrid.")
                ),
                (
                    "level",
                    .object([("type", .string("integer")), ("enum", .array((1...5).map { JSONNode.number($0) }))])
                ),
                (
                    "owner",
                    .object([
                        ("type", .string("string")), ("format", .string("email")), ("writeOnly", .bool(true)),
                        ("x-internal", .string("settings-\(index)")),
                    ])
                ),
            ], required: ["enabled"])
    }

    private static func item(_ index: Int, resources: Int) -> JSONNode {
        object(
            [
                (
                    "sku",
                    .object([
                        ("type", .string("string")), ("pattern", .string("^[A-Z]{3}-[0-9]{4}$")),
                        ("description", .string("Three capitals, a hyphen and four digits.")),
                    ])
                ),
                (
                    "quantity",
                    .object([("type", .string("integer")), ("minimum", .number(1)), ("maximum", .number(99))])
                ),
                ("unit", reference("Status\((index + 7) % 50)")),
                (
                    "related",
                    .object([
                        ("type", .string("string")),
                        ("description", .string("Widget \((index * 7 + 3) % resources) it depends on.")),
                    ])
                ),
            ], required: ["sku", "quantity"])
    }

    private static func object(_ properties: [(String, JSONNode)], required: [String]) -> JSONNode {
        .object([
            ("type", .string("object")), ("properties", .object(properties)),
            ("required", .array(required.map(JSONNode.string))),
        ])
    }

    private static func string(title: String?, maxLength: Int, description: String) -> JSONNode {
        var members: [(String, JSONNode)] = [("type", .string("string"))]
        if let title { members.append(("title", .string(title))) }
        members += [("maxLength", .number(maxLength)), ("description", .string(description))]
        return .object(members)
    }

    private static func reference(_ name: String) -> JSONNode {
        .object([("$ref", .string("#/components/schemas/\(name)"))])
    }

    // MARK: - YAML

    /// The document as block YAML: keys plain when they are plain words, every string double-quoted (JSON's
    /// escapes are YAML's), numbers and booleans plain.
    static func yaml(_ node: JSONNode) -> String {
        var out = ""
        write(node, indent: 0, into: &out)
        return out
    }

    private static func write(_ node: JSONNode, indent: Int, into out: inout String) {
        let pad = String(repeating: " ", count: indent)
        if let members = node.members, !members.isEmpty {
            for member in members {
                out += pad + key(member.key) + ":"
                if isScalarOrEmpty(member.value) {
                    out += " " + scalar(member.value) + "\n"
                } else {
                    out += "\n"
                    write(member.value, indent: indent + 2, into: &out)
                }
            }
        } else if let elements = node.elements, !elements.isEmpty {
            for element in elements {
                if isScalarOrEmpty(element) {
                    out += pad + "- " + scalar(element) + "\n"
                } else {
                    out += pad + "-\n"
                    write(element, indent: indent + 2, into: &out)
                }
            }
        } else {
            out += pad + scalar(node) + "\n"
        }
    }

    private static func isScalarOrEmpty(_ node: JSONNode) -> Bool {
        (node.members?.isEmpty ?? true) && (node.elements?.isEmpty ?? true)
    }

    private static func scalar(_ node: JSONNode) -> String {
        if node.members != nil { return "{}" }
        if node.elements != nil { return "[]" }
        return JSONWriter().text(node)
    }

    private static func key(_ text: String) -> String {
        let plain =
            text.first.map { $0.isLetter } == true && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        return plain ? text : JSONWriter().text(.string(text))
    }
}
