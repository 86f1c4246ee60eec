import Testing

@testable import VozJSON

@Suite struct JSONWriterTests {
    @Test func keepsMemberOrderAndEscapesEveryControlCharacter() {
        let node = JSONNode.object([
            ("z", .string("a\"b\\c\n\u{1B}[2J\u{00}\u{08}\u{0C}\r\t/")), ("a", .number(422)), ("n", .null),
            ("f", .number(1.5)), ("l", .array([.bool(true), .bool(false)])), ("e", .object([])), ("v", .array([])),
        ])
        #expect(
            JSONWriter().text(node)
                == #"{"z":"a\"b\\c\n\u001b[2J\u0000\u0008\u000c\r\t/","a":422,"n":null,"f":1.5,"l":[true,false],"e":{},"v":[]}"#
        )
    }

    @Test func sortedKeysMakeACanonicalFormAtEveryDepth() throws {
        let node = try JSONParser().parse(#"{"b": {"y": 1, "x": [2, {"d": 0, "c": 1}]}, "a": "é", "B": 0}"#.utf8)
        #expect(JSONWriter(sortsKeys: true).text(node) == #"{"B":0,"a":"é","b":{"x":[2,{"c":1,"d":0}],"y":1}}"#)
    }

    @Test(arguments: [
        (42.0, "42"), (-3, "-3"), (2.5, "2.5"), (0.1, "0.1"), (1e300, "1e+300"), (-0.0, "0"),
        (9_007_199_254_740_992, "9007199254740992.0"), (1e-7, "1e-07"), (Double.nan, "null"), (Double.infinity, "null"),
    ])
    func doublesAreWrittenAsServersExpect(number: Double, json: String) {
        #expect(JSONWriter().text(.number(number)) == json)
    }

    @Test func numbersAreWrittenAsTheyWereRead() throws {
        let text = #"[9223372036854775808,1.50,1E3,-0,123456789012345678901234567890]"#
        #expect(JSONWriter().text(try JSONParser().parse(text.utf8)) == text)
    }

    @Test(arguments: [
        #"{"a":[1,2,{"b":null}],"c":"ñandú 😀","d":true,"e":false,"f":-1.25e-3}"#,
        #"["\u0001\u001f","\"\\","\n\r\t"]"#,
        #"[]"#, #"{}"#, #""""#, #"0"#,
    ])
    func writtenTextReadsBackTheSame(text: String) throws {
        let node = try JSONParser().parse(text.utf8)
        let written = JSONWriter().text(node)
        #expect(written == text)
        let again = try JSONParser().parse(written.utf8)
        #expect(JSONWriter().text(again) == written)
    }

    @Test func everyScalarSurvivesARoundTrip() throws {
        var text = ""
        for value in stride(from: 0, to: 0x11_0000, by: 97) {
            if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
        }
        let node = try JSONParser().parse(JSONWriter.quoted(text).utf8)
        #expect(node.string == text)
    }

    @Test func quotedGivesOneStringLiteral() {
        #expect(JSONWriter.quoted("say \"hi\"\n") == #""say \"hi\"\n""#)
    }
}
