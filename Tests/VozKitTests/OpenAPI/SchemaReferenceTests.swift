import Foundation
import Synchronization
import Testing
import VozJSON

@testable import VozForm
@testable import VozKit
@testable import VozOpenAPI

/// `$ref` into other files, `$id`, `$anchor`, `$defs`/`definitions`, cycles across documents and their limits, on the
/// multi-file fixture tree in Fixtures/refs (issue 17).
@Suite("Schema references across documents")
struct SchemaReferenceTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/refs")
    static let loader = CurlSpecLoader()

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// The form for `operation` of the fixture `file`, read back by Voz's own form decoder.
    static func form(_ file: String, _ operation: String, server: String? = "http://127.0.0.1:9")
        async throws -> (Form, [String])
    {
        let document = try await SpecDocument.load(path(file), loader: loader)
        let output = try OpenAPIFormBuilder.form(openAPI: document, operation: operation, server: server)
        let text = JSONWriter(indent: 2).text(output.form)
        return (try FormFile.decode(data: Data(text.utf8), path: "generated.json").form, output.notes)
    }

    // MARK: - Following references

    @Test(
        "Relative files, request bodies, anchors, $defs and a document's own $id, fields in the order written",
        arguments: [
            (
                "createOrder",
                ["name", "shipTo.postalCode", "shipTo.country", "quantity", "note"]
            ),
            ("addPet", ["name", "kind", "owner.givenName", "owner.familyName", "tag", "vet.clinic", "vet.phone"]),
        ])
    func followsReferences(operation: String, ids: [String]) async throws {
        let (form, notes) = try await Self.form("api.yaml", operation)
        #expect(form.fields.map(\.id) == ids)
        #expect(notes.isEmpty, "\(notes)")
    }

    @Test("What the referenced schemas say reaches the fields: required, rules, enum options, titles")
    func referencedKeywords() async throws {
        let (order, _) = try await Self.form("api.yaml", "createOrder")
        let byID = Dictionary(uniqueKeysWithValues: order.fields.map { ($0.id, $0) })
        #expect(byID["name"]?.label == "Customer name")
        #expect(byID["shipTo.postalCode"]?.required == true)
        #expect(byID["shipTo.postalCode"]?.rules.maxLength == 10)
        #expect(byID["shipTo.postalCode"]?.placeholder == "28013")
        #expect(byID["shipTo.country"]?.options.map(\.value) == ["ES", "PT", "FR"])
        #expect(byID["quantity"]?.rules.min == 1)
        let (pet, _) = try await Self.form("api.yaml", "addPet")
        #expect(pet.fields.first { $0.id == "kind" }?.options.map(\.value) == ["cat", "dog"])
        #expect(pet.fields.first { $0.id == "tag" }?.rules.maxLength == 20)
        // The member's own title: a wrapper's name leads a label only against a twin (issue 27).
        #expect(pet.fields.first { $0.id == "vet.clinic" }?.label == "Clinic name")
    }

    @Test("A draft-07 schema: definitions, an $id of #name as an anchor, a file beside it")
    func draft7() async throws {
        let document = try await SpecDocument.load(Self.path("signup.draft7.json"), loader: Self.loader)
        let output = try OpenAPIFormBuilder.form(schema: document, url: "http://127.0.0.1:9/signups", method: "POST")
        let form = try FormFile.decode(data: Data(JSONWriter().text(output.form).utf8), path: "signup.json").form
        #expect(form.fields.map(\.id) == ["email", "address.city", "address.zip", "plan"])
        #expect(form.fields.first?.kind == .email)
        #expect(form.fields.last?.options.map(\.label) == ["Free", "Team"])
    }

    @Test("Each document is read once, however often it is referred to")
    func eachDocumentOnce() async throws {
        let counter = CountingLoader(inner: Self.loader)
        let document = try await SpecDocument.load(Self.path("api.yaml"), loader: counter)
        let reads = counter.reads
        #expect(reads.count == Set(reads).count, "\(reads)")
        #expect(reads.contains { $0.hasSuffix("/refs/common.yaml") })
        #expect(reads.contains { $0.hasSuffix("/refs/schemas/vet.json") })
        _ = try OpenAPIFormBuilder.form(openAPI: document, operation: "addPet", server: "http://127.0.0.1:9")
        #expect(counter.reads == reads, "building the form reads nothing more")
    }

    // MARK: - Refusals

    @Test(
        "References that cannot be followed end in one sentence naming the file, the line and the chain",
        arguments: [
            (
                "addLoop",
                [
                    "refs/loop-b.yaml: line 2: the schema ", "refs/loop-a.yaml#/Loop refers back to itself through ",
                    "refs/loop-b.yaml#/Loop, ", "refs/loop-a.yaml#/Loop, so its form would never end.",
                ]
            ),
            (
                "addMissing",
                [
                    "refs/api.yaml: line 41: cannot read ",
                    "refs/nowhere.yaml, which a reference points into: there is no file with that name.",
                ]
            ),
            (
                "addDangling",
                ["refs/api.yaml: line 49: $ref ", "refs/common.yaml#/components/schemas/Nothing points to nothing."]
            ),
            (
                "addDynamic",
                ["refs/api.yaml: line 57: $dynamicRef is not followed; write a plain $ref to the schema meant."]
            ),
        ])
    func refusals(operation: String, parts: [String]) async throws {
        let document = try await SpecDocument.load(Self.path("api.yaml"), loader: Self.loader)
        #expect {
            _ = try OpenAPIFormBuilder.form(openAPI: document, operation: operation, server: "http://127.0.0.1:9")
        } throws: { error in
            let text = (error as? SpecError)?.description ?? ""
            let ok = parts.allSatisfy(text.contains) && !text.contains("\n")
            if !ok { Issue.record("\(text)") }
            return ok
        }
    }

    @Test("A relative server from a file asks for --server; its variables take their defaults")
    func relativeServerFromAFile() async throws {
        await #expect(throws: SpecError.self) {
            _ = try await Self.form("api.yaml", "createOrder", server: nil)
        }
        let document = try await SpecDocument.load(Self.path("api.yaml"), loader: Self.loader)
        let error = try #require(throws: SpecError.self) { try OpenAPIFormBuilder.serverURL(document, override: nil) }
        #expect(
            error.description.hasSuffix(
                "the server address /api/v2 is relative, and a file has no address to "
                    + "resolve it against; name the server with --server."))
    }

    @Test("A $ref that is not a text costs its member: one sentence at its line, in the user's language")
    func referenceNotText() throws {
        let schema = "{\n  \"type\": \"object\",\n  \"properties\": {\"a\": {\"$ref\": 5}}\n}\n"
        let document = try SpecDocument.decode(bytes: Array(schema.utf8), file: "s.json", isJSON: true)
        let english = try OpenAPIFormBuilder.form(schema: document, url: "http://127.0.0.1:9/x", method: "POST")
        #expect(
            english.notes.contains { $0.hasSuffix("s.json: line 3: $ref must be a text: the address of a schema.") })
        let spanish = try OpenAPIFormBuilder.form(
            schema: document, url: "http://127.0.0.1:9/x", method: "POST", language: .es)
        #expect(spanish.notes.contains { $0.contains("s.json: línea 3: $ref debe ser un texto") })
    }

    @Test("An optional child of a tree in another file is left out with a note naming that file as a path")
    func optionalRecursionInAnotherFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-refs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("type: object\nproperties:\n  root:\n    $ref: node.yaml\n".utf8)
            .write(to: folder.appendingPathComponent("tree.yaml"))
        try Data(
            """
            type: object
            properties:
              name: {type: string}
              parent:
                anyOf:
                  - $ref: node.yaml
                  - type: "null"

            """.utf8
        ).write(to: folder.appendingPathComponent("node.yaml"))
        let document = try await SpecDocument.load(folder.appendingPathComponent("tree.yaml").path, loader: Self.loader)
        let output = try OpenAPIFormBuilder.form(schema: document, url: "http://127.0.0.1:9/x", method: "POST")
        #expect(
            output.notes == [
                "root.parent repeats its own schema \(folder.appendingPathComponent("node.yaml").path), so it is not "
                    + "asked (line 5)."
            ])
    }

    @Test("More documents than the limit end the reading at once, naming the line of the reference")
    func documentLimit() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-refs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A chain of SpecDocument.maxDocuments + 1 files, each referring to the next.
        for index in 0...SpecDocument.maxDocuments {
            let text = "properties:\n  next:\n    $ref: part\(index + 1).yaml\n"
            try Data(text.utf8).write(to: folder.appendingPathComponent("part\(index).yaml"))
        }
        let root = folder.appendingPathComponent("part0.yaml").path
        await #expect {
            _ = try await SpecDocument.load(root, loader: Self.loader)
        } throws: { error in
            (error as? SpecError)?.description.contains(
                "line 3: the description draws on more than \(SpecDocument.maxDocuments) documents") == true
        }
    }

    @Test("A description through a pipe is read, as `voz form --openapi <(curl …)` names it")
    func descriptionThroughAPipe() async throws {
        let (path, pipe) = try BoundedFileTests.pipe(
            holding: """
                openapi: 3.1.0
                info: {title: T, version: "1"}
                paths:
                  /a:
                    post:
                      operationId: op
                      requestBody:
                        content:
                          application/json:
                            schema: {type: object, properties: {name: {type: string, title: Name}}}

                """)
        defer { try? pipe.fileHandleForReading.close() }
        let document = try await SpecDocument.load(path, loader: Self.loader)
        let output = try OpenAPIFormBuilder.form(openAPI: document, operation: "op", server: "http://127.0.0.1:9")
        #expect(output.form["fields"]?.elements?.count == 1)
    }

    @Test("A reference to a device is refused at its line before a byte is read; its field is left out")
    func referenceToADevice() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-refs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("api.yaml")
        try Data("type: object\nrequired: [a]\nproperties:\n  a:\n    $ref: /dev/zero#/A\n".utf8).write(to: root)
        let start = ContinuousClock.now
        let document = try await SpecDocument.load(root.path, loader: Self.loader, reaching: .schema)
        let output = try OpenAPIFormBuilder.form(schema: document, url: "http://127.0.0.1:9/x", method: "POST")
        #expect(output.form["fields"]?.elements?.isEmpty == true)
        #expect(
            output.notes.contains {
                $0.hasSuffix(
                    "line 5: cannot read /dev/zero, which a reference points into: it is a device, not a file; Voz "
                        + "reads only files there, so save the document in a file and name that.")
            }, "\(output.notes)")
        // 64 MiB of zeros took seconds to read before it was refused as too large.
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test("A document that cannot be read is no error until a reference into it is followed")
    func unreadDocumentsAreLazy() async throws {
        let (form, _) = try await Self.form("api.yaml", "addPet")
        #expect(!form.fields.isEmpty, "api.yaml also refers to nowhere.yaml, which addPet never uses")
    }
}

/// A loader that remembers what it was asked for and hands the work to another.
final class CountingLoader: SpecLoader, Sendable {
    let inner: any SpecLoader
    private let asked = Mutex<[String]>([])

    init(inner: any SpecLoader) { self.inner = inner }

    var reads: [String] { asked.withLock { $0 } }

    func load(_ url: String) async throws(SpecLoadFailure) -> SpecBytes {
        asked.withLock { $0.append(url) }
        return try await inner.load(url)
    }

    func loadReferenced(_ url: String) async throws(SpecLoadFailure) -> SpecBytes {
        asked.withLock { $0.append(url) }
        return try await inner.loadReferenced(url)
    }
}

/// `$id` beside `$ref`: draft-07 ignores it, 2020-12 resolves the `$ref` against it.
@Suite("The dialect decides what an $id beside a $ref means")
struct SchemaDialectIdentifierTests {
    static func schema(_ dialect: String) -> String {
        """
        {
            "$schema": "\(dialect)",
            "$id": "http://example.com/root.json",
            "properties": {
                "age": {"$id": "http://example.com/other/", "$ref": "#/definitions/age", "maximum": 5}
            },
            "definitions": {"age": {"type": "integer", "minimum": 0}}
        }
        """
    }

    @Test func draft7IgnoresTheSiblingID() throws {
        let root = try JSONParser().parse(Array(Self.schema("http://json-schema.org/draft-07/schema#").utf8))
        let document = SpecDocument(file: "signup.json", root: root)
        let output = try OpenAPIFormBuilder.form(schema: document, url: "http://127.0.0.1:9/", method: "POST")
        let form = try FormFile.decode(data: Data(JSONWriter().text(output.form).utf8), path: "f.json").form
        #expect(form.fields.map(\.kind) == [.integer])
        #expect(form.fields.first?.rules.max == nil, "draft-07 ignores the siblings of $ref")
    }

    @Test func draft2020ResolvesAgainstIt() throws {
        let root = try JSONParser().parse(Array(Self.schema("https://json-schema.org/draft/2020-12/schema").utf8))
        let document = SpecDocument(file: "signup.json", root: root)
        // The reference the 2020-12 base gives leads nowhere: that member is left out, with the address it took.
        let output = try OpenAPIFormBuilder.form(schema: document, url: "http://127.0.0.1:9/", method: "POST")
        #expect(output.notes.contains { $0.contains("http://example.com/other/#/definitions/age") })
    }
}

/// The schemas the JSON-Schema-Test-Suite's draft2020-12/id.json calls valid ("allowed but discouraged"), used as
/// schemas: unnormalized `$id`s and empty fragments still name their resource.
@Suite("Unnormalized $ids and empty fragments")
struct UnnormalizedIdentifierTests {
    @Test(arguments: [
        ##"{"$ref": "http://localhost:1234/bar", "$defs": {"A": {"$id": "http://localhost:1234/bar#", "type": "integer"}}}"##,
        ##"{"$id": "http://localhost:1234/root", "$ref": "http://localhost:1234/nested.json#/$defs/B", "$defs": {"A": {"$id": "nested.json", "$defs": {"B": {"$id": "#", "type": "integer"}}}}}"##,
        ##"{"$ref": "http://localhost:1234/foo/baz", "$defs": {"A": {"$id": "http://localhost:1234/foo/bar/../baz", "type": "integer"}}}"##,
        ##"{"$ref": "http://localhost:1234/foo/baz", "$defs": {"A": {"$id": "http://localhost:1234/foo/bar/../baz#", "type": "integer"}}}"##,
    ])
    func resolves(_ text: String) throws {
        let document = SpecDocument(file: "id.json", root: try JSONParser().parse(Array(text.utf8)))
        let resolved = try SchemaResolver(document: document).resolve(document.root).schema
        #expect(resolved["type"]?.string == "integer")
    }
}
