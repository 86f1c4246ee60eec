import Testing

@testable import VozKit
@testable import VozOpenAPI

/// RFC 3986 §5.4: every normal and abnormal example, against the RFC's base, plus the bases JSON Schema uses.
@Suite("URI references resolved by RFC 3986")
struct URIReferenceTests {
    static let base = "http://a/b/c/d;p?q"

    @Test(arguments: [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
        ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
        ("../../g", "http://a/g"),
        // Abnormal examples (§5.4.2).
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"),
        ("g?y/./x", "http://a/b/c/g?y/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"),
    ])
    func rfc3986(reference: String, expected: String) {
        #expect(URIReference.resolve(reference, against: Self.base) == expected)
    }

    @Test(arguments: [
        ("#/$defs/a", "urn:uuid:deadbeef-1234", "urn:uuid:deadbeef-1234#/$defs/a"),
        ("common.yaml#/A", "file:///specs/api.yaml", "file:///specs/common.yaml#/A"),
        ("../common.yaml", "file:///specs/schemas/pet.json", "file:///specs/common.yaml"),
        ("/api/v1", "http://127.0.0.1:8080/specs/openapi.json", "http://127.0.0.1:8080/api/v1"),
        ("v2", "http://127.0.0.1:8080/specs/openapi.json", "http://127.0.0.1:8080/specs/v2"),
        ("//other:9000/x", "https://127.0.0.1:8080/openapi.json", "https://other:9000/x"),
        ("baseUriChange/", "http://localhost:1234/", "http://localhost:1234/baseUriChange/"),
    ])
    func jsonSchemaBases(reference: String, base: String, expected: String) {
        #expect(URIReference.resolve(reference, against: base) == expected)
    }
}
