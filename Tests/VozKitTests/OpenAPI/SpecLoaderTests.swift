import Foundation
import Testing
import VozJSON
import VozTestSupport

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozOpenAPI

/// Descriptions read from http addresses through a real loopback HTTP server (no mocked URLSession): relative
/// references fetched once each, the base after redirects, content types, and every refusal in one sentence.
@Suite("Descriptions read from addresses")
struct SpecLoaderTests {
    static let refs = SchemaReferenceTests.folder.path

    /// Runs `body` with a server for `folder`, stopped however `body` ends.
    private func serving<T>(_ folder: String = refs, _ body: (StaticHTTPServer) async throws -> T) async throws -> T {
        let server = try StaticHTTPServer(folder: folder)
        defer { server.stop() }
        return try await body(server)
    }

    private func failure(_ address: String, loader: CurlSpecLoader = CurlSpecLoader()) async
        -> SpecLoadFailure?
    {
        do {
            _ = try await loader.load(address)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Reading

    @Test("An OpenAPI description at an address: its references fetched relative to it, its relative server too")
    func specFromAnAddress() async throws {
        try await serving { server in
            let counter = CountingLoader(inner: CurlSpecLoader())
            let document = try await SpecDocument.load(server.base + "/api.yaml", loader: counter)
            let output = try OpenAPIFormBuilder.form(openAPI: document, operation: "createOrder", server: nil)
            let form = try FormFile.decode(data: Data(JSONWriter().text(output.form).utf8), path: "order.json").form
            #expect(form.submit.url.absoluteString == server.base + "/api/v2/orders")
            #expect(form.fields.map(\.id) == ["name", "shipTo.postalCode", "shipTo.country", "quantity", "note"])
            #expect(counter.reads.count == Set(counter.reads).count, "\(counter.reads)")
            #expect(counter.reads.contains(server.base + "/common.yaml"))
            #expect(counter.reads.contains(server.base + "/schemas/vet.json"))
        }
    }

    @Test("A redirect moves the base: references resolve against the address the description came from")
    func redirectsMoveTheBase() async throws {
        try await serving { server in
            let document = try await SpecDocument.load(
                server.base + "/redirect/2/api.yaml", loader: CurlSpecLoader())
            let output = try OpenAPIFormBuilder.form(openAPI: document, operation: "addPet", server: nil)
            #expect(output.notes.isEmpty)
            #expect(try OpenAPIFormBuilder.serverURL(document, override: nil) == server.base + "/api/v2")
        }
    }

    @Test("The content type decides JSON or YAML; without one the name does; without either the first character")
    func contentTypes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-types-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, source) in [("pet.json", "schemas/pet.json"), ("pet", "schemas/pet.json"), ("api", "api.yaml")] {
            try FileManager.default.copyItem(
                atPath: SchemaReferenceTests.path(source), toPath: folder.appendingPathComponent(name).path)
        }
        try await serving(folder.path) { server in
            let loader = CurlSpecLoader()
            #expect(try await loader.load(server.base + "/typed/application/json/api").isJSON == true)
            #expect(try await loader.load(server.base + "/typed/application/yaml/pet.json").isJSON == false)
            #expect(try await loader.load(server.base + "/typed/application/octet-stream/pet.json").isJSON == true)
            #expect(try await loader.load(server.base + "/typed/text/plain/pet").isJSON == nil)
            let sniffed = try await SpecDocument.load(server.base + "/typed/text/plain/pet", loader: loader)
            #expect(sniffed.root["title"]?.string == "Pet")
            let yaml = try await SpecDocument.load(server.base + "/typed/text/plain/api", loader: loader)
            #expect(yaml.root["openapi"]?.string == "3.1.0")
        }
    }

    @Test(
        arguments: [
            ("application/json; charset=utf-8", "x", true), ("application/schema+json", "x", true),
            ("application/openapi+yaml", "x.json", false), ("text/yaml", "x", false), (nil, "a/b.JSON", true),
            (nil, "a/b.yml", false), ("text/plain", "b", nil), (nil, "b", nil),
        ] as [(String?, String, Bool?)])
    func mediaTypes(contentType: String?, path: String, isJSON: Bool?) {
        #expect(SpecBytes.isJSON(contentType: contentType, path: path) == isJSON)
    }

    // MARK: - Refusals

    @Test("Each way a download fails is one reason, said in one sentence naming the address and what to do")
    func refusals() async throws {
        try await serving { server in
            #expect(await failure(server.base + "/nothing.yaml") == .status(404))
            #expect(await failure(server.base + "/redirect/9/api.yaml") == .redirects(limit: 5))
            #expect(
                await failure(server.base + "/api.yaml", loader: CurlSpecLoader(limit: 100))
                    == .tooLarge(limit: 100))
            let impatient = CurlSpecLoader(timeoutSeconds: 1)
            #expect(await failure(server.base + "/slow/20/api.yaml", loader: impatient) == .timedOut(seconds: 1))
        }
        #expect(await failure("http://127.0.0.1:9/api.yaml") == .cannotConnect)
        #expect(await failure("http://example.com/openapi.json") == .insecure)
        #expect(await failure("ftp://127.0.0.1/openapi.json") == .scheme("ftp"))
        let error = SpecError.unloadable(
            url: "http://127.0.0.1:9/api.yaml", failure: .cannotConnect, referredFrom: nil, line: 0)
        #expect(
            error.description
                == "http://127.0.0.1:9/api.yaml: cannot read the description: nothing answers at that address; "
                + "check that the server is running and the address is right.")
        let spanish = error.message(Localizer(language: .es))
        #expect(spanish.hasPrefix("http://127.0.0.1:9/api.yaml: no se puede leer la descripción: nada responde"))
    }

    @Test("A description from the network never reads a file of this computer")
    func networkNeverReadsFiles() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-remote-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = folder.appendingPathComponent("secret.yaml")
        try Data("Secret:\n  type: object\n  properties:\n    pin: {type: string}\n".utf8).write(to: secret)
        let spec = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /x:
                post:
                  operationId: steal
                  requestBody:
                    content:
                      application/json:
                        schema:
                          $ref: "\(secret.absoluteString)#/Secret"
            """
        try Data(spec.utf8).write(to: folder.appendingPathComponent("spec.yaml"))
        try await serving(folder.path) { server in
            let counter = CountingLoader(inner: CurlSpecLoader())
            let document = try await SpecDocument.load(server.base + "/spec.yaml", loader: counter)
            #expect(counter.reads == [server.base + "/spec.yaml"])
            #expect {
                _ = try OpenAPIFormBuilder.form(openAPI: document, operation: "steal", server: nil)
            } throws: { error in
                (error as? SpecError)?.description.contains("may not read files of this computer") == true
            }
        }
    }

    // MARK: - Servers

    @Test(
        "Relative servers resolve against the description's address; variables take their defaults",
        arguments: [
            ("/api/v1", "http://127.0.0.1:8080/api/v1"),
            ("v2", "http://127.0.0.1:8080/specs/v2"),
            ("//127.0.0.2:9000/x/", "http://127.0.0.2:9000/x"),
            ("https://api.example.com/{version}", "https://api.example.com/v3"),
            ("{scheme}://{host}/base", "https://api.example.com/base"),
            ("/{version}/", "http://127.0.0.1:8080/v3"),
        ])
    func relativeServers(server: String, expected: String) throws {
        let text = """
            servers:
              - url: "\(server)"
                variables:
                  version: {default: v3, enum: [v3]}
                  scheme: {default: https}
                  host: {default: api.example.com}
            """
        let root = try YAMLReader(maxDepth: 16).parse(Array(text.utf8))
        let document = SpecDocument(
            file: "http://127.0.0.1:8080/specs/openapi.json", root: root,
            url: "http://127.0.0.1:8080/specs/openapi.json")
        #expect(try OpenAPIFormBuilder.serverURL(document, override: nil) == expected)
    }

    @Test("Without servers, a description from an address is served from that address's root")
    func noServers() throws {
        let document = SpecDocument(file: "d", root: JSONNode(.object([])), url: "http://127.0.0.1:8080/openapi.json")
        #expect(try OpenAPIFormBuilder.serverURL(document, override: nil) == "http://127.0.0.1:8080")
    }
}
