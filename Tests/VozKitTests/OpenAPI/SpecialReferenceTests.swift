import Foundation
import Testing
import VozJSON
import VozTestSupport
import VozTestTraits

@testable import VozKit
@testable import VozLocalization
@testable import VozOpenAPI

/// `$ref`s to what is not a document (issue 24): a pipe, a device, a folder, a socket; references no operation
/// reaches; a document from the network that names a file of this computer; a redirect loop. Real files, a real
/// pipe and a real loopback HTTP server.
@Suite("References to special files and across scopes", .ownThread)
struct SpecialReferenceTests {
    /// A description whose `send` operation asks `name`, and `extra` from the document at `extra`; `components`
    /// holds schemas no operation uses.
    static func spec(extra: String, unused: [String] = []) -> String {
        var text = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            servers: [{url: "http://127.0.0.1:9"}]
            paths:
              /x:
                post:
                  operationId: send
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          required: [name]
                          properties:
                            name: {type: string}
                            extra:
                              $ref: "\(extra)"

            """
        if !unused.isEmpty {
            text += "components:\n  schemas:\n"
            for (offset, reference) in unused.enumerated() { text += "    Unused\(offset): {$ref: \"\(reference)\"}\n" }
        }
        return text
    }

    /// The line of `extra`'s `$ref` in `spec(extra:)`.
    static let extraLine = 17

    /// The description `text` written as `spec.yaml` in `folder`, read for `reach`.
    private func load(
        _ text: String, in folder: SpecialFileFolder, reaching reach: SpecReach = .operation("send"),
        loader: any SpecLoader = CurlSpecLoader()
    ) async throws -> SpecDocument {
        let path = folder.url.appendingPathComponent("spec.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try await SpecDocument.load(path, loader: loader, reaching: reach)
    }

    // MARK: - Special files

    @Test(
        "A $ref to a pipe, a device, a folder or a socket is refused at its line, and the rest of the form is built",
        arguments: [
            ("pipe", "pipe", "it is a pipe, not a file"), ("device", "/dev/zero", "it is a device, not a file"),
            ("device", "/dev/urandom", "it is a device, not a file"),
            ("folder", "folder", "it is a folder, not a file"), ("socket", "socket", "it is a socket, not a file"),
        ])
    func specialFilesAreRefused(kind: String, reference: String, reason: String) async throws {
        let folder = try SpecialFileFolder()
        defer { folder.remove() }
        let address = reference.hasPrefix("/") ? "file://\(reference)" : reference
        let document = try await load(Self.spec(extra: address + "#/Extra"), in: folder)
        let output = try OpenAPIFormBuilder.form(openAPI: document, operation: "send", server: nil)
        let fields = output.form["fields"]?.elements?.compactMap { $0["id"]?.string }
        #expect(fields == ["name"])
        let shown = reference.hasPrefix("/") ? reference : folder.url.appendingPathComponent(reference).path
        let note = output.notes.first { $0.contains(reason) }
        #expect(
            note?.contains("\(folder.url.path)/spec.yaml: line \(Self.extraLine): cannot read \(shown),") == true,
            "\(output.notes)")
        #expect(!folder.pipeWasOpened)
    }

    @Test("A pipe or a file that no operation reaches is never opened: not by a form, the audit, nor a schema")
    func unusedReferencesAreNeverRead() async throws {
        let folder = try SpecialFileFolder()
        defer { folder.remove() }
        try Data("Extra: {type: string}\n".utf8).write(to: folder.url.appendingPathComponent("extra.yaml"))
        let text = Self.spec(extra: "extra.yaml#/Extra", unused: ["pipe#/X", "canary.yaml#/Canary"])
        for reach in [SpecReach.operation("send"), .operations] {
            let counter = CountingLoader(inner: CurlSpecLoader())
            let document = try await load(text, in: folder, reaching: reach, loader: counter)
            #expect(counter.reads.map { URL(string: $0)?.lastPathComponent } == ["spec.yaml", "extra.yaml"])
            let result = try OpenAPIAudit.audit(document, localizer: Localizer(language: .en))
            let skipped = result.checks.first { $0.rule.id == OpenAPIAudit.notAForm.id }?.result.incomplete
            #expect(skipped?.isEmpty == true, "\(skipped ?? [])")
        }
        let schema = """
            {"type": "object", "properties": {"name": {"type": "string"}},
             "$defs": {"Unused": {"$ref": "pipe#/X"}, "Canary": {"$ref": "canary.yaml#/Canary"}}}
            """
        let path = folder.url.appendingPathComponent("schema.json").path
        try Data(schema.utf8).write(to: URL(fileURLWithPath: path))
        let counter = CountingLoader(inner: CurlSpecLoader())
        let document = try await SpecDocument.load(path, loader: counter, reaching: .schema)
        _ = try OpenAPIFormBuilder.form(schema: document, url: "http://127.0.0.1:9/", method: "POST")
        #expect(counter.reads.count == 1)
        #expect(!folder.pipeWasOpened)
    }

    // MARK: - Scope

    @Test(
        "A document from the network may reference only the network: a file it names is never read",
        arguments: ["absolute", "relative to its $id"])
    func networkReachesOnlyTheNetwork(way: String) async throws {
        let local = try SpecialFileFolder()
        defer { local.remove() }
        let served = try SpecialFileFolder(name: "voz-served")
        defer { served.remove() }
        let leak =
            way == "absolute"
            ? "$ref: \"\(local.canary.absoluteString)#/Canary\""
            : "$id: \"\(local.url.absoluteString)/\"\n          $ref: \"canary.yaml#/Canary\""
        let remote = """
            Remote:
              type: object
              properties:
                city: {type: string}
                leak:
                  type: object
                  properties:
                    inner:
                      \(leak)

            """
        try Data(remote.utf8).write(to: served.url.appendingPathComponent("remote.yaml"))
        let server = try StaticHTTPServer(folder: served.url.path)
        defer { server.stop() }
        let counter = CountingLoader(inner: CurlSpecLoader())
        let document = try await load(
            Self.spec(extra: server.base + "/remote.yaml#/Remote"), in: local, loader: counter)
        let output = try OpenAPIFormBuilder.form(openAPI: document, operation: "send", server: nil)
        #expect(!output.text.contains(local.canaryWord))
        #expect(!output.notes.joined().contains(local.canaryWord))
        #expect(!counter.reads.contains { $0.contains("canary") }, "\(counter.reads)")
        let note = output.notes.first { $0.contains("may not read files of this computer") }
        let line = way == "absolute" ? 9 : 10
        #expect(
            note?.contains("\(server.base)/remote.yaml: line \(line): cannot read \(local.canary.path),") == true,
            "\(output.notes)")
        let fields = output.form["fields"]?.elements?.compactMap { $0["id"]?.string }
        #expect(fields == ["name", "extra.city"])
    }

    @Test("A redirect loop ends with a sentence at the reference, within seconds")
    func redirectLoopsEnd() async throws {
        let folder = try SpecialFileFolder()
        defer { folder.remove() }
        let server = try StaticHTTPServer(folder: folder.url.path)
        defer { server.stop() }
        let start = ContinuousClock.now
        let document = try await load(Self.spec(extra: server.base + "/loop/remote.yaml#/Remote"), in: folder)
        let output = try OpenAPIFormBuilder.form(openAPI: document, operation: "send", server: nil)
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(
            output.notes.contains { $0.contains("line \(Self.extraLine)") && $0.contains("redirects more than 5") },
            "\(output.notes)")
    }
}
