import Testing

@testable import VozJSON

/// The accessors both the form decoder and the server reply reader use.
@Suite struct JSONNodeTests {
    let node: JSONNode = {
        let text = #"{"Errors": [1, "two"], "code": 422, "ok": true, "none": null, "id": "x", "code": 7, "f": 2.5}"#
        return (try? JSONParser.replies.parse(text.utf8)) ?? .null
    }()

    @Test func subscriptFindsTheFirstMemberAndCaseInsensitiveMatchesAnyCase() {
        #expect(node["code"]?.int == 422)
        #expect(node["errors"] == nil)
        #expect(node.member(caseInsensitive: "errors")?.array?.count == 2)
        #expect(node.member(caseInsensitive: "ERRORS")?.elements?.last?.string == "two")
        #expect(node["missing"] == nil)
        #expect(JSONNode.string("x")["a"] == nil)
    }

    @Test func typedAccessorsAnswerNilForOtherKinds() {
        #expect(node["ok"]?.bool == true)
        #expect(node["ok"]?.string == nil)
        #expect(node["id"]?.int == nil)
        #expect(node["f"]?.double == 2.5)
        #expect(node["f"]?.int == nil)
        #expect(node["none"]?.isNull == true)
        #expect(node.members?.count == 7)
        #expect(node.elements == nil)
    }

    @Test(
        arguments: [
            (#""abc""#, "abc"), ("12", "12"), ("1.50", "1.50"), ("true", "true"), ("false", "false"), ("null", nil),
            ("[]", nil), ("{}", nil),
        ] as [(String, String?)])
    func scalarTextIsTheValueAsWritten(json: String, text: String?) throws {
        #expect(try JSONParser().parse(json.utf8).scalarText == text)
    }

    @Test(arguments: [("null", true), (#""""#, true), ("[]", true), ("{}", true), ("0", false), (#"" ""#, false)])
    func emptiness(json: String, empty: Bool) throws {
        #expect(try JSONParser().parse(json.utf8).isEmpty == empty)
    }

    @Test func builtValuesHaveNoPosition() {
        let built = JSONNode.object([("a", .number(1))])
        #expect(built.line == 0 && built.column == 0)
        #expect(built.members?.first?.keyLine == 0)
    }
}
