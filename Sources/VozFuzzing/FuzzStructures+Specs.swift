import Foundation
import VozTestSupport

/// Generated OpenAPI descriptions and JSON Schemas: `$ref` cycles and chains, `allOf`/`oneOf` nesting with
/// discriminators, bounds past Double and 64 bits, patterns with every regex construct (backtracking ones among
/// them), enums whose `x-enumNames` do not match, long and odd strings; and in YAML, alias bombs, anchors and tags.
extension FuzzStructures {
    static func spec(_ target: FuzzTarget, _ random: inout SeededGenerator) -> [UInt8] {
        if target == .openAPIYAML, random.chance(1, in: 10) { return Array(yamlBomb(&random).utf8) }
        var budget = Int.random(in: 20...600, using: &random)
        let tree: SpecTree
        if target == .jsonSchema {
            tree = schema(depth: 0, budget: &budget, &random)
        } else {
            tree = openAPI(budget: &budget, &random)
        }
        return Array((target == .openAPIYAML ? tree.yaml(&random) : tree.json).utf8)
    }

    // MARK: - Descriptions

    static func openAPI(budget: inout Int, _ random: inout SeededGenerator) -> SpecTree {
        var schemas: [(String, SpecTree)] = []
        for index in 0..<Int.random(in: 0...8, using: &random) {
            schemas.append(("S\(index)", schema(depth: 0, budget: &budget, &random)))
        }
        var paths: [(String, SpecTree)] = []
        for index in 0..<Int.random(in: 1...4, using: &random) {
            let path = random.pick(["/a", "/a/{id}", "/{x}/{x}", "/ü/{é}", "/a/{id}/b/{id}", ""]) + "\(index)"
            var item: [(String, SpecTree)] = []
            for method in ["post", "put", "patch", "get", "delete"] where random.chance(1, in: 3) {
                item.append((method, operation(budget: &budget, &random)))
            }
            if random.chance(1, in: 10) { item.append(("$ref", .string(random.pick(references)))) }
            paths.append((path, .object(item)))
        }
        var root: [(String, SpecTree)] = [
            ("openapi", .string(random.pick(["3.0.3", "3.1.0", "3.0.0", "2.0", "3.9", "", "3.1.0\u{0}"]))),
            ("info", .object([("title", .string(text(&random))), ("version", .raw(number(&random)))])),
            ("paths", .object(paths)),
            ("components", .object([("schemas", .object(schemas)), ("securitySchemes", securitySchemes(&random))])),
        ]
        if random.chance(2, in: 3) {
            let url = random.pick([
                "http://127.0.0.1:9/", "https://{host}:{port}/v1", "/relative", "", "http://[::1", "%zz", "http://a b",
            ])
            let variables: SpecTree = .object([("host", .object([("default", .string(text(&random)))]))])
            root.append(("servers", .array([.object([("url", .string(url)), ("variables", variables)])])))
        }
        if random.chance(1, in: 6) {
            root.append(("$defs", .object([("D", schema(depth: 0, budget: &budget, &random))])))
        }
        if random.chance(1, in: 8) { root.append(("security", .array([.object([("key", .array([]))])]))) }
        return .object(root)
    }

    static func operation(budget: inout Int, _ random: inout SeededGenerator) -> SpecTree {
        var members: [(String, SpecTree)] = []
        if random.chance(4, in: 5) {
            members.append(("operationId", .string(random.pick(["op", "make", text(&random)]))))
        }
        if random.chance(2, in: 3) { members.append(("summary", .string(text(&random)))) }
        var parameters: [SpecTree] = []
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            var parameter: [(String, SpecTree)] = [
                ("name", .string(random.pick(["id", "x", "é", "", "a b", "id"]))),
                ("in", .string(random.pick(["path", "query", "header", "cookie", "body", ""]))),
                ("required", .raw(random.pick(["true", "false", "1", "null"]))),
            ]
            if random.chance(1, in: 6) {
                parameter.append(
                    (
                        "content",
                        .object([
                            ("application/json", .object([("schema", schema(depth: 2, budget: &budget, &random))]))
                        ])
                    ))
            } else {
                parameter.append(("schema", schema(depth: 2, budget: &budget, &random)))
            }
            parameters.append(
                random.chance(1, in: 6) ? .object([("$ref", .string(random.pick(references)))]) : .object(parameter))
        }
        if !parameters.isEmpty { members.append(("parameters", .array(parameters))) }
        if random.chance(5, in: 6) {
            let media = random.pick([
                "application/json", "application/json", "application/x-www-form-urlencoded", "multipart/form-data",
                "application/merge-patch+json", "*/*",
            ])
            let body: SpecTree = .object([
                ("required", .raw("true")),
                ("content", .object([(media, .object([("schema", schema(depth: 0, budget: &budget, &random))]))])),
            ])
            members.append(
                ("requestBody", random.chance(1, in: 8) ? .object([("$ref", .string(random.pick(references)))]) : body))
        }
        if random.chance(1, in: 5) {
            members.append(("security", .array([.object([("key", .array([]))]), .object([])])))
        }
        return .object(members)
    }

    static func securitySchemes(_ random: inout SeededGenerator) -> SpecTree {
        .object([
            (
                "key",
                .object([
                    ("type", .string(random.pick(["apiKey", "http", "oauth2", "openIdConnect", "mutualTLS", "x"]))),
                    ("in", .string(random.pick(["header", "query", "cookie", ""]))),
                    ("name", .string(random.pick(["X-Key", "", "a\u{0}b", "Authorization"]))),
                    ("scheme", .string(random.pick(["bearer", "basic", "digest", ""]))),
                ])
            )
        ])
    }

    // MARK: - Schemas

    static func schema(depth: Int, budget: inout Int, _ random: inout SeededGenerator) -> SpecTree {
        budget -= 1
        if budget <= 0 || depth > 60 {
            return random.chance(1, in: 2) ? .object([("$ref", .string(random.pick(references)))]) : .object([])
        }
        var members: [(String, SpecTree)] = []
        let deep = depth > 3 && random.chance(1, in: 3)
        // A property that is only a pattern, so typing reaches hostile patterns even when a sibling is refused.
        if depth == 1, random.chance(1, in: 3) {
            return .object([("type", .string("string")), ("pattern", .string(random.pick(patterns + plainPatterns)))])
        }
        // A body is an object (anything else is refused at once), and its properties are the fields.
        switch depth == 0 ? 0 : Int.random(in: 0..<12, using: &random) {
        case 0, 1:
            members.append(("type", .string("object")))
            var properties: [(String, SpecTree)] = []
            for _ in 0..<Int.random(in: 0...(deep ? 1 : 6), using: &random) {
                properties.append((propertyName(&random), schema(depth: depth + 1, budget: &budget, &random)))
            }
            properties = distinct(properties)
            members.append(("properties", .object(properties)))
            let names = properties.map { SpecTree.string($0.0) } + [.string("missing")]
            if random.chance(1, in: 2) { members.append(("required", .array(names))) }
            if random.chance(1, in: 6) {
                members.append(
                    (
                        "additionalProperties",
                        random.chance(1, in: 2) ? .raw("false") : schema(depth: depth + 1, budget: &budget, &random)
                    ))
            }
            if random.chance(1, in: 6) {
                let mapping: SpecTree = .object([("a", .string(random.pick(references))), ("b", .string("S0"))])
                members.append(
                    (
                        "discriminator",
                        .object([("propertyName", .string(propertyName(&random))), ("mapping", mapping)])
                    ))
            }
        case 2, 3:
            members.append(("type", stringType(&random)))
            if random.chance(2, in: 3) {
                members.append(
                    ("pattern", .string(random.chance(1, in: 2) ? random.pick(patterns) : random.pick(plainPatterns))))
            }
            if random.chance(1, in: 2) { members.append(("minLength", .raw(bound(&random)))) }
            if random.chance(1, in: 2) { members.append(("maxLength", .raw(bound(&random)))) }
            if random.chance(1, in: 3) {
                members.append(
                    (
                        "format",
                        .string(
                            random.pick([
                                "email", "date", "date-time", "uri", "uuid", "binary", "password", "byte", "ipv4", "x",
                            ]))
                    ))
            }
        case 4, 5:
            members.append(("type", .string(random.pick(["number", "integer"]))))
            for key in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]
            where random.chance(1, in: 2) {
                members.append(
                    (key, .raw(key.hasPrefix("exclusive") && random.chance(1, in: 3) ? "true" : bound(&random))))
            }
        case 6:
            let count = Int.random(in: 0...8, using: &random)
            let values = (0..<count).map { _ in SpecTree.raw(enumValue(&random)) }
            members.append(("enum", .array(values)))
            let names = (0..<Int.random(in: 0...10, using: &random)).map { _ in SpecTree.string(text(&random)) }
            members.append(
                (
                    random.pick(["x-enumNames", "x-enum-varnames", "x-enum-descriptions", "x-enumDescriptions"]),
                    .array(names)
                ))
            if random.chance(1, in: 2) {
                members.append(("type", .string(random.pick(["string", "integer", "number", "boolean"]))))
            }
        case 7:
            members.append(("type", .string("array")))
            members.append(("items", schema(depth: depth + 1, budget: &budget, &random)))
            members.append(("minItems", .raw(bound(&random))))
            if random.chance(1, in: 2) { members.append(("maxItems", .raw(bound(&random)))) }
            if random.chance(1, in: 3) { members.append(("uniqueItems", .raw("true"))) }
        case 8, 9:
            let key = random.pick(["allOf", "oneOf", "anyOf", "allOf", "not"])
            let count = Int.random(in: 1...(deep ? 2 : 4), using: &random)
            let branches = (0..<count).map { _ in schema(depth: depth + 1, budget: &budget, &random) }
            members.append((key, key == "not" ? branches[0] : .array(branches)))
            if random.chance(1, in: 3) {
                members.append(
                    ("discriminator", .object([("propertyName", .string(random.pick(["kind", "type", ""])))])))
            }
        case 10:
            members.append(("$ref", .string(random.pick(references))))
            if random.chance(1, in: 3) { members.append(("description", .string(text(&random)))) }
        default:
            members.append(("const", .raw(enumValue(&random))))
            if random.chance(1, in: 2) { members.append(("type", .array([.string("string"), .string("null")]))) }
        }
        for key in ["title", "description", "default", "example"] where random.chance(1, in: 5) {
            members.append((key, key == "default" ? .raw(enumValue(&random)) : .string(text(&random))))
        }
        for key in ["nullable", "readOnly", "writeOnly", "deprecated"] where random.chance(1, in: 12) {
            members.append((key, .raw(random.pick(["true", "false", "\"yes\""]))))
        }
        if random.chance(1, in: 10) {
            members.append(("$id", .string(random.pick(["other.json", "#x", "urn:x", "/abs", "refs/", ""]))))
        }
        if random.chance(1, in: 10) { members.append(("$anchor", .string(random.pick(["a", "b", "1x", ""])))) }
        if random.chance(1, in: 8) {
            members.append(("$defs", .object([("a", schema(depth: depth + 1, budget: &budget, &random))])))
        }
        return .object(distinct(members))
    }

    // MARK: - Vocabularies

    /// Cycles (S0 → S1 → S0, self), chains, anchors, `$defs`, the `refs/` tree, escapes and broken pointers.
    static let references = [
        "#/components/schemas/S0", "#/components/schemas/S1", "#/components/schemas/S2", "#/components/schemas/S7",
        "#", "#/", "#/components", "#/paths", "#/paths/~1a0/post", "#/$defs/D", "#/$defs/a", "#a", "#b", "#1x",
        "#/components/schemas/S0/properties/a", "#/components/schemas/S0/allOf/0", "#/components/schemas/S0/items",
        "#/components/schemas/~0~1~2", "#/components/schemas/%ZZ", "#/components/schemas/S0%2F",
        "#/x/99999999999999999999",
        "common.yaml#/components/schemas/Address", "schemas/pet.json", "schemas/vet.json#/properties/name",
        "bodies.yaml#/components/requestBodies/Signup", "plans.json", "loop-a.yaml#/components/schemas/A",
        "signup.draft7.json#/definitions/name", "other.json", "input.yaml", "input.json#/components/schemas/S0",
        "input.schema.json#/properties", "urn:x#a", "", "%", "#%", "#/components/schemas/S0#/x",
    ]

    static let patterns = [
        "(a+)+$", "(a|a)*b", "^(\\\\w+\\\\s?)*$", "(x+x+)+y", "(a*)*b", "(.*a){12}", "^(a|ab)*c$", "(\\\\d+)*\\\\.",
        "^[a-z]+$", "\\\\p{L}+", "\\\\p{Script=Greek}", "\\\\P{Lu}", "\\\\u{1F600}", "\\\\uD83D\\\\uDE00", "\\\\ud800",
        "(?<n>a)\\\\k<n>", "(?=a)a", "(?!b)a", "(?<=a)b", "(?<!a)b", "\\\\cJ", "[^]", "[]", "[\\\\s\\\\S]",
        "\\\\b\\\\B\\\\d\\\\D\\\\w\\\\W",
        "a{99999999999}", "a{2,1}", "a{,3}", "\\\\1(a)", "(?i)a", "a*?", "a++", "(?>a)", "[a-\\\\d]", "[z-a]", "(", ")",
        "\\\\",
        "[", "a{1,99999}", ".*.*.*.*.*.*.*=", "^\\\\S+@\\\\S+\\\\.\\\\S+$", "\\\\x41\\\\u0041\\\\0", "\\\\/",
        "[\\\\]\\\\-]", "$^", "|", "()*",
        "(?:a|b|c|d|e)+$", "\\\\k<x>", "\\\\Q.*\\\\E", "[[:alpha:]]", "\\\\N{LATIN SMALL LETTER A}", "\\u0000",
        "\u{202E}",
        "^(([a-z])+.)+[A-Z]([a-z])+$", "(.*)*", "((a+)+)+$", "(\\\\w+)+@", "^(\\\\d+)*$",
    ]

    static let plainPatterns = ["^[a-z]+$", "^[0-9]{5}$", "^[A-Z]{2}[0-9]+$", "^\\\\S+@\\\\S+$", "[a-z]*"]

    static let enumValues = [
        "\"a\"", "\"b\"", "\"a\"", "1", "1.0", "-0", "1e400", "null", "true", "[]", "{}", "\"\"", "\"\\ud800\"",
        "\"\\u0000\"", "18446744073709551616", "\"\u{202E}x\"", "[1,[2]]", "{\"a\":1}",
    ]

    static func enumValue(_ random: inout SeededGenerator) -> String {
        random.chance(1, in: 10) ? random.pick(enumValues) : random.pick(["\"a\"", "\"b\"", "\"c\"", "1", "2", "true"])
    }

    /// Bounds past Double and 64 bits, negatives, zeros and fractions.
    static func bound(_ random: inout SeededGenerator) -> String {
        guard random.chance(1, in: 3) else { return random.pick(["0", "1", "2", "5", "10", "40", "100"]) }
        return random.pick([
            "0", "-0", "1", "5", "-1", "0.1", "1e400", "-1e400", "1e-400", "18446744073709551616",
            "9223372036854775807",
            "-9223372036854775809", "4.9e-324", "1.7976931348623157e308", "0.30000000000000004", "3", "\"5\"", "null",
            "255", "2147483648", "1e19",
        ])
    }

    static func stringType(_ random: inout SeededGenerator) -> SpecTree {
        random.chance(1, in: 5) ? .array([.string("string"), .string("null")]) : .string("string")
    }

    /// Keys once each: a key written twice refuses the whole document, which is tested, but not on every input.
    static func distinct(_ members: [(String, SpecTree)]) -> [(String, SpecTree)] {
        var seen: Set<String> = []
        return members.filter { seen.insert($0.0).inserted }
    }

    /// Odd now and then, plain mostly: one lone surrogate refuses the whole document, and the builder behind the
    /// parser is as much a target.
    static func propertyName(_ random: inout SeededGenerator) -> String {
        guard random.chance(1, in: 20) else {
            return random.pick(["a", "b", "name", "email", "kind", "type", "id", "A"])
        }
        return random.pick([
            "a", "b", "name", "email", "kind", "type", "id", "é", "", "a.b", "a[0]", "$ref", "__proto__", "x\u{0}y",
            "\\ud800", String(repeating: "n", count: 300), "fields", "submit", "A", "a b",
        ])
    }

    static func text(_ random: inout SeededGenerator) -> String {
        guard random.chance(1, in: 20) else { return random.pick(["Name", "Correo", "Sí. No.", "Ciudad de México"]) }
        return random.pick([
            "Name", "Correo", "\\ud800", "\\udc00x", "\\u0000", "\u{202E}evil", "\u{1B}[2J", "<b>x</b>",
            "# Heading\n\nText.",
            String(repeating: "palabra ", count: 500), "😀", "", " ", "a\u{0}b", "Sí. No.", "http://x/y",
        ])
    }

    // MARK: - YAML only

    /// A billion-laughs alias bomb, a recursive alias, a deep flow nesting, or odd tags and directives, inside a
    /// description that would otherwise give a form.
    static func yamlBomb(_ random: inout SeededGenerator) -> String {
        let form = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /a:
                post:
                  operationId: op
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          properties:
                            name: {type: string, enum: *BOMB}

            """
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            var lines = ["l0: &l0 [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]"]
            let levels = Int.random(in: 3...12, using: &random)
            for level in 1...levels {
                lines.append(
                    "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ")
                        + "]")
            }
            return "x-bomb:\n" + lines.map { "  " + $0 }.joined(separator: "\n") + "\n"
                + form.replacingOccurrences(of: "*BOMB", with: "*l\(levels)")
        case 1:
            return form.replacingOccurrences(of: "*BOMB", with: "&r [a, *r]")
        case 2:
            let depth = Int.random(in: 100...20_000, using: &random)
            return form.replacingOccurrences(
                of: "*BOMB", with: String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        case 3:
            return "%YAML 1.1\n%TAG !e! tag:e,2000:\n--- !e!doc\n"
                + form.replacingOccurrences(of: "*BOMB", with: "!!binary [!!int 1e400, !e!x a, !!float .nan, !!null ~]")
                + "...\n---\nsecond: document\n"
        default:
            let key = "? [" + Array(repeating: "a", count: 50).joined(separator: ", ") + "]\n: complex key\n"
            return key
                + form.replacingOccurrences(of: "*BOMB", with: "[\"\\ud800\", \"\\x00\", \"\\U0010FFFF\", '\u{0}']")
        }
    }
}
