import Foundation
import Testing

@testable import VozKit

@Suite struct JSONDocumentParserTests {
    private func parse(_ text: String) throws(JSONParseError) -> JSONNode {
        try JSONDocumentParser().parse(Data(text.utf8))
    }

    @Test func valuesKnowTheirLinesAndObjectsKeepTheirOrder() throws {
        let node = try parse("{\n  \"b\": 1,\n  \"a\": [\n    true,\n    null\n  ]\n}")
        let members = try #require(node.members)
        #expect(members.map(\.key) == ["b", "a"])
        #expect(members.map(\.keyLine) == [2, 3])
        #expect(node["a"]?.elements?.map(\.line) == [4, 5])
        #expect(node["a"]?.elements?.map(\.value) == [.bool(true), .null])
    }

    @Test(arguments: [
        ("\"a\\\"b\"", "a\"b"),
        ("\"\\\\ \\/ \\b \\f \\n \\r \\t\"", "\\ / \u{08} \u{0C} \n \r \t"),
        ("\"\\u00f1and\\u00FA\"", "ñandú"),
        ("\"\\ud83d\\ude00\"", "😀"),
        ("\"caf\u{E9} 😀\"", "café 😀"),
        ("\"\"", ""),
    ])
    func stringEscapes(json: String, expected: String) throws {
        #expect(try parse(json).string == expected)
    }

    @Test(arguments: [
        ("0", 0.0), ("-12", -12), ("2.50", 2.5), ("1e3", 1000), ("-0.5E-1", -0.05),
    ])
    func numbers(json: String, expected: Double) throws {
        guard case .number(let value, let literal) = try parse(json).value else {
            Issue.record("not a number")
            return
        }
        #expect(value == expected)
        #expect(literal == json)
    }

    @Test(arguments: [
        ("", "line 1: the file is empty; expected a JSON value"),
        ("01", "line 1: \"01\" is not a valid JSON number"),
        ("[1,]", "line 1: expected a value, found \"]\""),
        ("{\"a\" 1}", "line 1: expected a colon after the key, found \"1\""),
        ("[1] x", "line 1: unexpected \"x\" after the end of the JSON value"),
        ("\"\\x\"", "line 1: \"\\x\" is not a JSON escape"),
        ("\"\\u12\"", "line 1: a \\u escape needs exactly four hexadecimal digits"),
        ("\"\\ude00\"", "line 1: the escape \\uDE00 is half of a surrogate pair without its other half"),
        ("\"\\ud83d\\u0041\"", "line 1: the escape \\uD83D is half of a surrogate pair without its other half"),
        ("tru", "line 1: expected a value, found \"t\""),
        ("{\"a\":1,\"a\":2}", "line 1: the key \"a\" appears twice in the same object"),
        ("\n\n1e999", "line 3: the number 1e999 is too large"),
        ("\"a\tb\"", "line 1: a control character inside a string must be written as an escape, like \\t"),
    ])
    func grammarErrorsAreShortPhrases(json: String, expected: String) {
        #expect(throws: JSONParseError.self) { try parse(json) }
        do {
            _ = try parse(json)
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test(arguments: ["[", "{\"a\":"])
    func tenThousandLevelsStopAtTheLimit(opening: String) {
        let deep = String(repeating: opening, count: 10_000)
        #expect(throws: JSONParseError.tooDeep(line: 1, limit: 64)) { try parse(deep) }
    }

    @Test func sixtyFourLevelsAreFine() throws {
        let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(try parse(text).elements?.count == 1)
    }

    @Test(arguments: [
        [UInt8]([0x22, 0xC3, 0x28, 0x22]),  // a lead byte without its continuation
        [0x22, 0xED, 0xA0, 0x80, 0x22],  // an encoded surrogate
        [0x22, 0xC0, 0xAF, 0x22],  // an overlong slash
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // past U+10FFFF
        [0x22, 0xE2, 0x82],  // cut short
    ])
    func invalidUTF8IsRefused(bytes: [UInt8]) {
        #expect(throws: JSONParseError.invalidUTF8(line: 1)) { try JSONDocumentParser().parse(Data(bytes)) }
    }

    @Test func invalidUTF8NamesItsLine() {
        let bytes = Array("{\n\"a\":\n\"".utf8) + [0xFF] + Array("\"}".utf8)
        #expect(throws: JSONParseError.invalidUTF8(line: 3)) { try JSONDocumentParser().parse(Data(bytes)) }
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try JSONDocumentParser().parse(Data([0xEF, 0xBB, 0xBF] + Array("true".utf8))).value == .bool(true))
    }

    @Test func sizeIsCappedBeforeParsing() {
        let parser = JSONDocumentParser(maxBytes: 10)
        #expect(throws: JSONParseError.tooLarge(limit: 10)) { try parser.parse(Data(repeating: 0x20, count: 11)) }
    }
}
