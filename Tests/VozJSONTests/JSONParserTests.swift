import Testing

@testable import VozJSON

@Suite struct JSONParserTests {
    private func parse(_ text: String, _ parser: JSONParser = JSONParser()) throws(JSONParseError) -> JSONNode {
        try parser.parse(Array(text.utf8))
    }

    private func error(_ bytes: [UInt8], _ parser: JSONParser = JSONParser()) -> JSONParseError? {
        do {
            _ = try parser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Positions and order

    @Test func valuesAndKeysKnowTheirLinesAndColumnsAndObjectsKeepTheirOrder() throws {
        let node = try parse("{\n  \"b\": 1,\n  \"a\": [\n    true,  null\n  ]\n}")
        let members = try #require(node.members)
        #expect(members.map(\.key) == ["b", "a"])
        #expect(members.map(\.keyLine) == [2, 3])
        #expect(members.map(\.keyColumn) == [3, 3])
        #expect(members.map(\.value.column) == [8, 8])
        #expect(node["a"]?.elements?.map(\.line) == [4, 4])
        #expect(node["a"]?.elements?.map(\.column) == [5, 12])
        #expect(node["a"]?.elements?.map(\.value) == [.bool(true), .null])
        #expect((node.line, node.column) == (1, 1))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let node = try parse("{\"ñandú\": \"😀\", \"x\": 1}")
        #expect(node.members?.map(\.keyColumn) == [2, 16])
        #expect(node["x"]?.column == 21)
    }

    @Test func columnsSkipTheByteOrderMark() throws {
        let node = try JSONParser().parse([0xEF, 0xBB, 0xBF] + Array(" [1]".utf8))
        #expect(node.column == 2)
        #expect(node.elements?.first?.column == 3)
    }

    // MARK: - Strings

    @Test(arguments: [
        ("\"a\\\"b\"", "a\"b"),
        ("\"\\\\ \\/ \\b \\f \\n \\r \\t\"", "\\ / \u{08} \u{0C} \n \r \t"),
        ("\"\\u00f1and\\u00FA\"", "ñandú"),
        ("\"\\ud83d\\ude00\"", "😀"),
        ("\"caf\u{E9} 😀\"", "café 😀"),
        ("\"\"", ""),
        ("\"ñ\\n😀\"", "ñ\n😀"),
        ("\"\\u0000\"", "\u{0}"),
    ])
    func stringEscapes(json: String, expected: String) throws {
        #expect(try parse(json).string == expected)
    }

    @Test(arguments: [
        ("\"\\ude00\"", "\u{FFFD}"),
        ("\"\\ud83d\"", "\u{FFFD}"),
        ("\"\\ud83d\\u0041\"", "\u{FFFD}A"),
        ("\"a\\ud83dx\"", "a\u{FFFD}x"),
    ])
    func loneSurrogatesBecomeReplacementCharactersInReplies(json: String, expected: String) throws {
        #expect(try parse(json, .replies).string == expected)
    }

    // MARK: - Numbers

    @Test(arguments: [
        ("0", 0.0), ("-12", -12), ("2.50", 2.5), ("1e3", 1000), ("-0.5E-1", -0.05),
    ])
    func numbersKeepTheirText(json: String, expected: Double) throws {
        let number = try #require(try parse(json).number)
        #expect(number.double == expected)
        #expect(number.literal == json)
    }

    @Test(
        arguments: [
            // literal, int64, double
            ("9223372036854775807", Int64.max, 9.223372036854775807e18),
            ("-9223372036854775808", Int64.min, -9.223372036854775808e18),
            ("9223372036854775808", nil, 9.223372036854775808e18),
            ("-9223372036854775809", nil, -9.223372036854775809e18),
            ("123456789012345678901234567890", nil, 1.2345678901234568e29),
            ("1e999", nil, nil),
            ("-1e999", nil, nil),
            ("1e-999", nil, 0),
            ("1.5", nil, 1.5),
            ("1.0", 1, 1),
            ("2e3", 2000, 2000),
            ("1e300", nil, 1e300),
            ("-0", 0, 0),
            ("1.0000000000000001", nil, 1),
            ("12.3400e2", 1234, 1234),
            ("-92233720368547758.08e2", Int64.min, -9.223372036854775808e18),
            ("0.00e99999999999999999999", 0, 0),
            ("1e19", nil, 1e19),
            ("100e-2", 1, 1),
            ("123456789012345678", 123_456_789_012_345_678, 1.2345678901234568e17),
            ("-999999999999999999", -999_999_999_999_999_999, -1e18),
            ("1234567890123456789", 1_234_567_890_123_456_789, 1.2345678901234568e18),
        ] as [(String, Int64?, Double?)])
    func hugeNumbersAreKeptAndNeverTrap(json: String, int64: Int64?, double: Double?) throws {
        let node = try parse("[\(json)]")
        let element = try #require(node.elements?.first)
        #expect(element.number?.literal == json)
        #expect(element.int64 == int64)
        #expect(element.int == int64.flatMap { Int(exactly: $0) })
        #expect(element.double == double)
    }

    // MARK: - Errors

    @Test(arguments: [
        ("", "line 1, column 1: the file is empty; expected a JSON value"),
        ("   \n  ", "line 2, column 3: the file is empty; expected a JSON value"),
        ("01", "line 1, column 1: \"01\" is not a valid JSON number"),
        ("[1,]", "line 1, column 4: expected a value, found \"]\""),
        ("{\"a\" 1}", "line 1, column 6: expected a colon after the key, found \"1\""),
        ("{\"a\":1 \"b\":2}", "line 1, column 8: expected a comma or a closing brace, found \"\"\""),
        ("[1 2]", "line 1, column 4: expected a comma or a closing bracket, found \"2\""),
        ("{1:2}", "line 1, column 2: expected a key in double quotes, found \"1\""),
        ("[1] x", "line 1, column 5: unexpected \"x\" after the end of the JSON value"),
        ("\"\\x\"", "line 1, column 4: \"\\x\" is not a JSON escape"),
        ("\"\\u12\"", "line 1, column 6: a \\u escape needs exactly four hexadecimal digits"),
        ("\"\\ude00\"", "line 1, column 8: the escape \\uDE00 is half of a surrogate pair without its other half"),
        (
            "\"\\ud83d\\u0041\"",
            "line 1, column 8: the escape \\uD83D is half of a surrogate pair without its other half"
        ),
        ("tru", "line 1, column 1: expected a value, found \"t\""),
        ("{\"a\":1,\n \"a\":2}", "line 2, column 2: the key \"a\" appears twice in the same object"),
        ("\"a\tb\"", "line 1, column 3: a control character inside a string must be written as an escape, like \\t"),
        (
            "\"a\nb\"",
            "line 1, column 3: a string is not closed on its line; add the closing double quote, or write a line break as \\n"
        ),
        ("\"abc", "line 1, column 5: a string is not closed; add the closing double quote"),
        ("[-]", "line 1, column 2: \"-\" is not a valid JSON number"),
        ("[1.]", "line 1, column 2: \"1.\" is not a valid JSON number"),
        ("[1e+]", "line 1, column 2: \"1e+\" is not a valid JSON number"),
        ("[+1]", "line 1, column 2: expected a value, found \"+\""),
        ("[NaN]", "line 1, column 2: expected a value, found \"N\""),
        ("[\u{00E9}]", "line 1, column 2: expected a value, found a non-ASCII character"),
        ("{\"a\":\n\n   }", "line 3, column 4: expected a value, found \"}\""),
    ])
    func grammarErrorsNameLineAndColumn(json: String, expected: String) {
        #expect(error(Array(json.utf8))?.description == expected)
    }

    @Test func duplicateKeysAreReportedOrKeptAsAsked() throws {
        let members = (0..<40).map { "\"k\($0)\": \($0)" } + ["\"k7\": 0"]
        let text = "{" + members.joined(separator: ", ") + "}"
        #expect(throws: JSONParseError.duplicateKey(line: 1, column: 422, key: "k7")) { try parse(text) }
        let escaped = "{" + (members.dropLast() + ["\"\\u006b7\": 0"]).joined(separator: ", ") + "}"
        #expect(throws: JSONParseError.duplicateKey(line: 1, column: 422, key: "k7")) { try parse(escaped) }
        #expect(throws: JSONParseError.duplicateKey(line: 1, column: 13, key: "a")) {
            try parse(#"{"\u0061":1,"a":2}"#)
        }
        let kept = try parse(text, JSONParser(allowsDuplicateKeys: true))
        #expect(kept.members?.count == 41)
        #expect(kept["k7"]?.int == 7)
    }

    // MARK: - Limits

    @Test(arguments: ["[", "{\"a\":"])
    func tenThousandLevelsStopAtTheLimit(opening: String) {
        let deep = String(repeating: opening, count: 10_000)
        #expect(throws: JSONParseError.tooDeep(line: 1, column: 64 * opening.count + 1, limit: 64)) {
            try parse(deep)
        }
    }

    @Test func sixtyFourLevelsAreFineAndTheLimitIsAdjustable() throws {
        let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(try parse(text).elements?.count == 1)
        #expect(throws: JSONParseError.tooDeep(line: 1, column: 4, limit: 3)) {
            try parse(text, JSONParser(maxDepth: 3))
        }
    }

    @Test func sizeIsCappedBeforeParsing() {
        let parser = JSONParser(maxBytes: 10)
        #expect(error(Array(repeating: 0x20, count: 11), parser) == .tooLarge(limit: 10))
        #expect(
            error(Array(repeating: 0x20, count: 11), parser)?.description
                == "line 1, column 1: the text is larger than 10 bytes")
        #expect(error(Array("[1,2,3,4]".utf8), parser) == nil)
    }

    // MARK: - UTF-8

    @Test(
        arguments: [
            ([0x22, 0xC3, 0x28, 0x22], 2),  // a lead byte without its continuation
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 2),  // an encoded surrogate
            ([0x22, 0xC0, 0xAF, 0x22], 2),  // an overlong slash
            ([0x22, 0xE0, 0x80, 0xAF, 0x22], 2),  // an overlong three-byte form
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 2),  // past U+10FFFF
            ([0x22, 0xE2, 0x82], 2),  // cut short
            ([0x22, 0x61, 0x80, 0x22], 3),  // a lone continuation byte
            ([0x22, 0xFF, 0x22], 2),  // never UTF-8
            ([0x5B, 0xFF, 0x5D], 2),  // outside a string
            ([0x31, 0x20, 0xFE], 3),  // after the value
        ] as [([UInt8], Int)])
    func invalidUTF8IsRefused(bytes: [UInt8], column: Int) {
        #expect(error(bytes) == .invalidUTF8(line: 1, column: column))
    }

    @Test func invalidUTF8NamesItsLineAndColumn() {
        let bytes = Array("{\n\"a\":\n \"ñ".utf8) + [0xFF] + Array("\"}".utf8)
        #expect(error(bytes) == .invalidUTF8(line: 3, column: 4))
        #expect(error(bytes)?.problem == "the text is not valid UTF-8; save the file as UTF-8")
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try JSONParser().parse([0xEF, 0xBB, 0xBF] + Array("true".utf8)).value == .bool(true))
    }

    @Test func anyCollectionOfBytesCanBeParsed() throws {
        let text = "{\"a\": [1, \"b\"]}"
        let fromArray = try JSONParser().parse(Array(text.utf8))
        #expect(try JSONParser().parse(text.utf8) == fromArray)
        #expect(try JSONParser().parse(Array(text.utf8).lazy.map { $0 }) == fromArray)
    }
}
