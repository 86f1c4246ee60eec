import Foundation
import Testing
import VozJSON
import VozTestSupport

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozOpenAPI

/// The JSON-Schema-Test-Suite's `ref`, `refRemote` and `anchor` cases (draft 2020-12; Tests/VozKitTests/Fixtures/
/// JSONSchemaTestSuite, its NOTICE names the source) run through what Voz does with a schema: the schema is resolved by Voz's registry
/// and resolver, mapped to form fields, and each case's data is typed as answers into those fields and checked
/// by Voz's own validator. `refRemote`'s remotes are served by a real loopback HTTP server standing for the suite's
/// `http://localhost:1234/`.
///
/// A case applies when its schema uses only keywords a Voz form enforces (types, bounds, lengths, `enum`,
/// `required`, objects of properties) besides the reference keywords, and its data is answers a person could
/// type into those fields (no arrays, no nulls, no members the schema does not describe). The rest are counted
/// as not applying, never as passing.
@Suite("JSON-Schema-Test-Suite: references, remote references and anchors")
struct JSONSchemaTestSuiteReferenceTests {
    static let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/JSONSchemaTestSuite")
    static let remoteBase = "http://localhost:1234/"

    /// Keywords whose meaning a Voz form carries, beside the ones that only name or reach schemas.
    static let keywords: Set<String> = [
        "$schema", "$id", "$anchor", "$ref", "$defs", "definitions", "$comment", "title", "description", "type",
        "properties", "required", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength",
        "maxLength", "enum", "allOf",
    ]

    struct Tally {
        var ran = 0
        var notApplying = 0
        var failures: [String] = []
    }

    @Test("Every case that applies gives the suite's answer", arguments: ["ref.json", "refRemote.json", "anchor.json"])
    func suiteFile(_ name: String) async throws {
        let server = try StaticHTTPServer(folder: Self.suite.appendingPathComponent("remotes").path)
        defer { server.stop() }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("voz-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let data = try Data(contentsOf: Self.suite.appendingPathComponent("draft2020-12/" + name))
        let groups = try #require(try JSONParser().parse(Array(data)).elements)
        let loader = SuiteLoader(server: server.base + "/")
        var tally = Tally()
        for (index, group) in groups.enumerated() {
            let description = group["description"]?.string ?? "group \(index)"
            let cases = group["tests"]?.elements ?? []
            guard let schema = group["schema"], Self.applies(schema) else {
                tally.notApplying += cases.count
                continue
            }
            let file = scratch.appendingPathComponent("group\(index).json")
            try Data(JSONWriter().text(schema).utf8).write(to: file)
            let fields: [Field]
            do {
                fields = try await Self.fields(of: file.path, loader: loader)
            } catch {
                tally.failures.append("\(description): \(error)")
                continue
            }
            // A schema that only repeats itself gives a form with nothing to ask.
            guard !fields.isEmpty else {
                tally.notApplying += cases.count
                continue
            }
            for test in cases {
                guard let answers = Self.answers(test["data"] ?? JSONNode(.null), fields: fields),
                    let valid = test["valid"]?.bool
                else {
                    tally.notApplying += 1
                    continue
                }
                tally.ran += 1
                let verdict = Self.accepts(answers, fields: fields)
                if verdict != valid {
                    tally.failures.append(
                        "\(description) / \(test["description"]?.string ?? ""): Voz says \(verdict), the suite \(valid)"
                    )
                }
            }
        }
        #expect(tally.failures.isEmpty, "\(tally.failures.joined(separator: "\n"))")
        #expect(tally.ran >= Self.minimumRun[name] ?? 1, "\(name): \(tally.ran) ran, \(tally.notApplying) do not apply")
    }

    /// How many cases of each file apply today: a change that makes fewer apply is seen.
    static let minimumRun = ["ref.json": 38, "refRemote.json": 23, "anchor.json": 8]

    // MARK: - The harness

    /// Whether a schema uses only keywords Voz enforces, with no boolean schemas and only scalar enum values.
    static func applies(_ schema: JSONNode) -> Bool {
        guard let members = schema.members else { return false }
        // Voz holds no meta-schemas, and a bound on a schema without a type is a bound on a text field's length
        // in no sense: the form asks for text there.
        if schema["$ref"]?.string?.hasPrefix("https://json-schema.org/") == true { return false }
        let bounds = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]
        if schema["type"] == nil, bounds.contains(where: { schema[$0] != nil }) { return false }
        for member in members {
            guard keywords.contains(member.key) else { return false }
            switch member.key {
            case "properties", "$defs", "definitions":
                guard let children = member.value.members, children.allSatisfy({ applies($0.value) }) else {
                    return false
                }
            case "allOf":
                guard let parts = member.value.elements, parts.allSatisfy(applies) else { return false }
            case "enum":
                guard member.value.elements?.allSatisfy({ $0.members == nil && $0.elements == nil }) == true else {
                    return false
                }
            default: continue
            }
        }
        return true
    }

    /// The fields Voz asks for a value described by the schema at `path`, as the property `value` of a form.
    static func fields(of path: String, loader: any SpecLoader) async throws -> [Field] {
        let document = try await SpecDocument.load(path, loader: loader)
        var mapper = SchemaFieldMapper(resolver: SchemaResolver(document: document))
        let wrapper: JSONNode = .object([("properties", .object([("value", .object([("$ref", .string("#"))]))]))])
        try mapper.addProperties(of: wrapper, prefix: [], chain: [])
        guard !mapper.fields.isEmpty else { return [] }
        let form: JSONNode = .object([
            ("id", .string("suite")), ("title", .string("Suite")), ("locale", .string("en")),
            ("fields", .array(mapper.fields)),
            ("submit", .object([("label", .string("Send")), ("url", .string("http://127.0.0.1:9/"))])),
        ])
        return try FormFile.decode(data: Data(JSONWriter().text(form).utf8), path: "suite.json").form.fields
    }

    /// The data as answers by field path (`value.foo`), or nil when it is not something typed into these fields.
    static func answers(_ data: JSONNode, fields: [Field]) -> [String: JSONNode]? {
        var answers: [String: JSONNode] = [:]
        func flatten(_ node: JSONNode, _ path: [String]) -> Bool {
            if let members = node.members {
                return members.allSatisfy { flatten($0.value, path + [$0.key]) }
            }
            guard node.elements == nil, !node.isNull else { return false }
            let key = path.joined(separator: ".")
            guard fields.contains(where: { $0.bodyPath.joined(separator: ".") == key }) else { return false }
            answers[key] = node
            return true
        }
        return flatten(data, ["value"]) ? answers : nil
    }

    /// Whether Voz accepts the answers: each value is of the field's type (Voz sends a text field's answer as a
    /// string, a number field's as a number) and passes the field's validator; required fields are answered.
    static func accepts(_ answers: [String: JSONNode], fields: [Field]) -> Bool {
        let validator = FieldValidator(localizer: Localizer(language: .en))
        for field in fields {
            guard let answer = answers[field.bodyPath.joined(separator: ".")] else {
                if field.required { return false }
                continue
            }
            let typed: String?
            switch field.kind {
            case .number, .integer: typed = answer.number.map { _ in answer.scalarText ?? "" }
            case .confirm: typed = answer.bool.map { $0 ? "yes" : "no" }
            case .choice: typed = answer.scalarText
            default: typed = answer.string
            }
            guard let typed, (try? validator.parse(typed, for: field)) != nil else { return false }
            if field.kind == .choice, !field.options.contains(where: { $0.value == typed }) { return false }
        }
        return true
    }
}

/// The suite's `http://localhost:1234/` mapped onto the loopback server, the documents keeping their suite
/// addresses as their base; any other host is unknown (the tests never touch the network); files as they are.
struct SuiteLoader: SpecLoader {
    let server: String
    let inner = CurlSpecLoader()

    func load(_ url: String) async throws(SpecLoadFailure) -> SpecBytes {
        if url.hasPrefix(JSONSchemaTestSuiteReferenceTests.remoteBase) {
            var source = try await inner.load(
                server + url.dropFirst(JSONSchemaTestSuiteReferenceTests.remoteBase.count))
            source.url = url
            return source
        }
        guard url.hasPrefix("file:") else { throw .unknownHost(URL(string: url)?.host ?? url) }
        return try await inner.load(url)
    }
}
