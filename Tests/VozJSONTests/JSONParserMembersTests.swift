import Testing

@testable import VozJSON

/// Reading one object member by member: the same grammar, limits and errors as the whole parse.
@Suite struct JSONParserMembersTests {
    private func members(_ text: String, _ parser: JSONParser = JSONParser()) throws(JSONParseError) -> [JSONMember] {
        var read: [JSONMember] = []
        var bytes = Array(text.utf8)
        let result = bytes.withUnsafeMutableBufferPointer { buffer in
            Result { () throws(JSONParseError) -> Bool in
                try parser.forEachMember(of: UnsafeBufferPointer(buffer)) { key, value in
                    read.append(JSONMember(key: String(decoding: key, as: UTF8.self), value: value))
                    return true
                }
            }
        }
        _ = try result.get()
        return read
    }

    @Test func membersComeInOrderWithTheirValuesAndPositions() throws {
        let read = try members("{\"b\": 1,\n \"a\": [true, {\"x\": null}], \"t\\u0069me\": \"é\"}")
        #expect(read.map(\.key) == ["b", "a", "time"])
        #expect(read.map(\.value.line) == [1, 2, 2])
        #expect(read[1].value.column == 7)
        #expect(read[1].value.elements?.last?["x"]?.isNull == true)
        #expect(read[2].value.string == "é")
        #expect(try members("  {}  ").isEmpty)
    }

    @Test(arguments: [
        "{\"a\":1,\"a\":2}", "{\"a\":1,\"\\u0061\":2}", "{\"\\u0061\":1,\"a\":2}", "{\"a\":1,}", "{\"a\" 1}",
        "{\"a\":1} x", "", "{\"a\":[[[1]]]}", "{\"a\":\"\\ud800\"}", "{1:2}", "{\"a\":1",
    ])
    func errorsAreTheWholeParsersErrors(text: String) {
        let parser = JSONParser(maxDepth: 3)
        #expect(throws: JSONParseError.self) { try parser.parse(text.utf8) }
        do {
            _ = try parser.parse(text.utf8)
        } catch {
            #expect(throws: error) { try members(text, parser) }
        }
    }

    @Test func aDocumentThatIsNotAnObjectIsNamed() {
        #expect(throws: JSONParseError.syntax(line: 1, column: 2, problem: "expected an object, found \"[\"")) {
            try members(" [1]")
        }
    }

    @Test func repeatedKeysAreKeptWhenAllowed() throws {
        let read = try members("{\"a\":1,\"a\":2}", JSONParser(allowsDuplicateKeys: true))
        #expect(read.map(\.value.int) == [1, 2])
    }

    @Test func theReaderCanStopEarly() throws {
        var seen: [String] = []
        let bytes = Array("{\"a\":1,\"b\":2,\"c\":3}".utf8)
        let finished = try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in
            try JSONParser().forEachMember(of: buffer) { key, _ in
                seen.append(String(decoding: key, as: UTF8.self))
                return seen.count < 2
            }
        }
        #expect(!finished)
        #expect(seen == ["a", "b"])
    }
}
