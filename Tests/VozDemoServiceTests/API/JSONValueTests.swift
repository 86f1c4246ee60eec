import Foundation
import VozJSON
import Testing

@testable import VozDemoService

/// The ordered JSON writer, its escaping, and the request fingerprint built on its canonical form.
@Suite struct JSONValueTests {
    @Test func keepsMemberOrderAndEscapesEveryControlCharacter() {
        let value: JSONNode = .object([
            ("z", .string("a\"b\\c\n\u{1B}[2J\u{00}")), ("a", .number(422)), ("n", .null), ("f", .number(1.5)),
            ("l", .array([.bool(true), .bool(false)])),
        ])
        #expect(value.serialized() == #"{"z":"a\"b\\c\n\u001b[2J\u0000","a":422,"n":null,"f":1.5,"l":[true,false]}"#)
        let decoded = try? JSONSerialization.jsonObject(with: value.data) as? [String: Any]
        #expect(decoded?["z"] as? String == "a\"b\\c\n\u{1B}[2J\u{00}")
    }

    @Test func canonicalFormSortsMembersAtEveryDepth() throws {
        let value = try #require(JSONNode.parse(Data(#"{"b": {"y": 1, "x": [2, {"d": 0, "c": 1}]}, "a": "é"}"#.utf8)))
        #expect(value.serialized(sortedKeys: true) == #"{"a":"é","b":{"x":[2,{"c":1,"d":0}],"y":1}}"#)
    }

    @Test(arguments: ["", "not json", "{", "{\"a\": }"])
    func refusesWhatIsNotJSON(text: String) {
        #expect(JSONNode.parse(Data(text.utf8)) == nil)
    }

    @Test func fingerprintsIgnoreMemberOrderButNotValues() {
        func request(_ body: String, path: String = "/accounts") -> HTTPRequest {
            HTTPRequest(
                method: "POST", path: path, query: "", version: "HTTP/1.1",
                headers: [HTTPField("Content-Type", "application/json")], body: Data(body.utf8))
        }
        let first = RequestFingerprint.of(request(#"{"a": 1, "b": "x"}"#))
        #expect(first == RequestFingerprint.of(request(#"{ "b":"x","a":1 }"#)))
        #expect(first != RequestFingerprint.of(request(#"{"a": 2, "b": "x"}"#)))
        #expect(first != RequestFingerprint.of(request(#"{"a": 1, "b": "x"}"#, path: "/other")))
        #expect(first.count == 64)
    }
}
