import Testing

@testable import VozKit
@testable import VozOpenAPI

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
        // OpenAI's description has these; the walk does nothing with them, and resolving refuses $recursiveRef.
        (##"{"$recursiveAnchor": true, "items": {"$recursiveRef": "#"}}"##, false),
        (##"{"$ref"}"##, true),
        (##"{"\u0024ref": "common.json#/A"}"##, true),
        ("schema:\n  \"\\x24id\": urn:a\n", true),
        (##"{"a": "C:\\u0041"}"##, false),
    ])
    func needsWalk(text: String, expected: Bool) throws {
        let bytes = Array(text.utf8)
        #expect(SchemaRegistry.needsWalk(bytes) == expected)
        // What makes skipping right: where no walk is needed, a walk changes nothing.
        guard !expected, let root = try? SpecDocument.parse(bytes: bytes, file: "s", isJSON: nil) else { return }
        let walked = SpecDocument(file: "s", root: root, url: nil, walk: true)
        let taken = SpecDocument(file: "s", root: root, url: nil, walk: false)
        #expect(walked.root == taken.root)
        #expect(walked.registry.anchors.isEmpty && walked.registry.resources.count == taken.registry.resources.count)
    }
}
