import Foundation
import Testing
import VozJSON

@testable import VozKit
@testable import VozOpenAPI

@Suite("YAML through libyaml into the JSON model")
struct YAMLReaderTests {
    private func read(_ text: String, reader: YAMLReader = YAMLReader()) throws -> JSONNode {
        try reader.parse(Array(text.utf8))
    }

    // MARK: - Core schema

    static let scalars: [(String, JSONValue)] = [
        ("true", .bool(true)), ("False", .bool(false)), ("TRUE", .bool(true)),
        ("no", .string("no")), ("on", .string("on")), ("yes", .string("yes")), ("off", .string("off")),
        ("y", .string("y")), ("12:30", .string("12:30")), ("2024-01-02", .string("2024-01-02")),
        ("null", .null), ("~", .null), ("", .null), ("NULL", .null),
        ("42", .number(JSONNumber(literal: "42"))), ("-7", .number(JSONNumber(literal: "-7"))),
        ("+7", .number(JSONNumber(literal: "7"))), ("0755", .number(JSONNumber(literal: "755"))),
        ("0o17", .number(JSONNumber(literal: "15"))), ("0x1F", .number(JSONNumber(literal: "31"))),
        ("1.5", .number(JSONNumber(literal: "1.5"))), (".5", .number(JSONNumber(literal: "0.5"))),
        ("1.", .number(JSONNumber(literal: "1"))), ("-2.5e3", .number(JSONNumber(literal: "-2.5e3"))),
        ("1E+2", .number(JSONNumber(literal: "1e+2"))), (".inf", .string(".inf")), (".nan", .string(".nan")),
        ("1_000", .string("1_000")), ("0b101", .string("0b101")), ("1.2.3", .string("1.2.3")),
        ("3.0.0", .string("3.0.0")), ("-x", .string("-x")), ("e5", .string("e5")),
    ]

    @Test("Plain scalars are typed by the YAML 1.2 core schema", arguments: scalars)
    func coreSchema(text: String, expected: JSONValue) throws {
        #expect(try read("value: \(text)\n")["value"]?.value == expected)
    }

    @Test("Quoted scalars and !!str stay text", arguments: ["'true'", "\"42\"", "!!str 42", "'null'"])
    func quoted(text: String) throws {
        #expect(try read("value: \(text)\n")["value"]?.string != nil)
    }

    // MARK: - Structure

    @Test("Mappings keep their order and every value its line and column")
    func positions() throws {
        let root = try read("openapi: 3.1.0\npaths:\n  /pets:\n    post: {operationId: addPet}\nlist: [a, b]\n")
        #expect(root.members?.map(\.key) == ["openapi", "paths", "list"])
        let post = try #require(root["paths"]?["/pets"]?["post"])
        #expect((post.line, post.column) == (4, 11))
        let paths = try #require(root.members?[1])
        #expect((paths.keyLine, paths.keyColumn) == (2, 1))
        #expect(root["list"]?.elements?.map(\.string) == ["a", "b"])
        #expect(root["openapi"]?.string == "3.1.0")
    }

    @Test("Aliases are expanded where they are used")
    func aliases() throws {
        let root = try read("base: &b {type: string, maxLength: 3}\nname: *b\n")
        #expect(root["name"]?["maxLength"]?.int == 3)
        #expect(root["name"]?.line == 2)
    }

    // MARK: - Refusals

    static let refusals: [(String, String, Int)] = [
        ("a: 1\nb: 2\na: 3\n", "the key \"a\" is written twice", 3),
        ("x: *nothing\n", "the alias *nothing names no anchor before it", 1),
        ("a: 1\n---\nb: 2\n", "the file holds more than one YAML document", 2),
        ("", "the file holds no YAML document", 1),
        ("? [a]\n: 1\n", "a key must be a text, not a list or a mapping", 1),
    ]

    @Test("Refused documents say why and where", arguments: refusals)
    func refused(text: String, problem: String, line: Int) throws {
        let error = try #require(throws: YAMLError.self) { try read(text) }
        #expect(error.problem == problem)
        #expect(error.line == line)
    }

    @Test("A syntax error names libyaml's problem and its line")
    func syntax() throws {
        let error = try #require(throws: YAMLError.self) { try read("a: [1, 2\nb: 3\n") }
        #expect(error.problem.hasPrefix("not valid YAML"))
        #expect(error.line >= 2)
    }

    @Test("A billion-laughs file ends at once with a sentence")
    func billionLaughs() throws {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let previous = Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(previous)]\n"
        }
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(throws: YAMLError.self) { try read(text) }
        #expect(error.problem.contains("YAML bomb"))
        #expect(clock.now - start < .seconds(2))
    }

    @Test("Nesting past the depth limit is refused")
    func depth() throws {
        let text = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        let error = try #require(throws: YAMLError.self) { try read(text) }
        #expect(error.problem == "the document nests deeper than 128 levels")
    }
}
