import Foundation
import Testing
import VozJSON

import struct VozKit.HTTPHeader

@testable import VozDemoService

/// Request bodies as the service reads them, reply bodies as it writes them, and the request fingerprint built on
/// the canonical form.
@Suite struct RequestBodyTests {
    private func request(_ body: String, type: String = "application/json", path: String = "/accounts") -> HTTPRequest {
        HTTPRequest(
            method: "POST", path: path, query: "", version: "HTTP/1.1",
            headers: [HTTPHeader(name: "Content-Type", value: type)],
            body: Data(body.utf8))
    }

    @Test func replyBodiesKeepTheirMemberOrderAndParseElsewhere() {
        let body = JSONNode.object([("type", .string("about:blank")), ("status", .number(422)), ("detail", .null)])
        #expect(String(decoding: body.data, as: UTF8.self) == #"{"type":"about:blank","status":422,"detail":null}"#)
        let decoded = try? JSONSerialization.jsonObject(with: body.data) as? [String: Any]
        #expect(decoded?["status"] as? Int == 422)
    }

    @Test(arguments: [
        ("", RequestBody.Failure.notJSON), ("not json", .notJSON), ("{", .notJSON), ("{\"a\": }", .notJSON),
        ("{\"a\": 1, \"a\": 2}", .notJSON), ("[1]", .notObject), ("\"x\"", .notObject),
    ])
    func refusesWhatIsNotAJSONObject(text: String, failure: RequestBody.Failure) {
        #expect(throws: failure) { try RequestBody.decode(request(text)).get() }
    }

    @Test func formEncodedBodiesAreObjectsOfStrings() throws {
        let body = try RequestBody.decode(
            request("name=Ana+N%C3%BA%C3%B1ez&terms=on", type: "application/x-www-form-urlencoded")
        ).get()
        #expect(body["name"]?.string == "Ana Núñez")
        #expect(body["terms"]?.string == "on")
    }

    @Test func fingerprintsIgnoreMemberOrderButNotValues() {
        let first = RequestFingerprint.of(request(#"{"a": 1, "b": "x"}"#))
        #expect(first == RequestFingerprint.of(request(#"{ "b":"x","a":1 }"#)))
        #expect(first != RequestFingerprint.of(request(#"{"a": 2, "b": "x"}"#)))
        #expect(first != RequestFingerprint.of(request(#"{"a": 1, "b": "x"}"#, path: "/other")))
        #expect(first.count == 64)
    }
}
