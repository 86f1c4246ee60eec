import Testing

@testable import VozKit

/// The look at a description's bytes that spares the walk of one with only local references.
@Suite("Descriptions that need no walk")
struct NeedsWalkTests {
    @Test(arguments: [
        (##"{"$ref": "#/components/schemas/Pet", "type": "object"}"##, false),
        ("schema:\n  $ref: '#/components/schemas/Pet'\n", false),
        ("price: $5\n", false),
        (##"{"$ref": "common.json#/A"}"##, true),
        ("schema:\n  $ref: common.yaml#/A\n", true),
        (##"{"$id": "https://example.com/s"}"##, true),
        (##"{"$anchor": "a"}"##, true),
        (##"{"$dynamicRef": "#node"}"##, true),
        (##"{"$recursiveRef": "#"}"##, true),
        (##"{"$ref"}"##, true),
        (##"{"\u0024ref": "common.json#/A"}"##, true),
        ("schema:\n  \"\\x24id\": urn:a\n", true),
        (##"{"a": "C:\\u0041"}"##, false),
    ])
    func needsWalk(text: String, expected: Bool) {
        #expect(SchemaRegistry.needsWalk(Array(text.utf8)) == expected)
    }
}
