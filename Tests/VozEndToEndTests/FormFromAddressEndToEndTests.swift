import Foundation
import Testing
import VozTestSupport

/// `voz form --openapi http://…` through the real binary (issue 17): a description served by a real loopback HTTP
/// server, with references into other documents beside it and a relative server resolved against its address.
@Suite struct FormFromAddressEndToEndTests {
    static let refs = "Tests/VozKitTests/OpenAPI/Fixtures/refs"

    @Test func aDescriptionAtAnAddressBecomesAFormThatPassesItsAudit() async throws {
        let server = try StaticHTTPServer(folder: Self.refs)
        defer { server.stop() }
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("order.json").path
        let made = try await VozProcess.run(
            ["form", "--openapi", server.base + "/api.yaml", "--operation", "createOrder", "-o", path], home: folder)
        #expect(made.status == 0, "\(made.standardError)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"url\": \"\(server.base)/api/v2/orders\""), "\(text)")
        let ids = ["\"name\"", "\"shipTo.postalCode\"", "\"shipTo.country\"", "\"quantity\"", "\"note\""]
        let positions = ids.compactMap { text.range(of: "\"id\": " + $0)?.lowerBound }
        #expect(positions.count == ids.count && positions == positions.sorted(), "fields in the order written")
        let audit = try await VozProcess.run(["audit", path], home: folder)
        #expect(audit.status == 0, "\(audit.standardOutput)")
    }

    @Test func aJSONSchemaAtAnAddressWithItsNeighbours() async throws {
        let server = try StaticHTTPServer(folder: Self.refs)
        defer { server.stop() }
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try await VozProcess.run(
            ["form", "--schema", server.base + "/signup.draft7.json", "--url", "http://127.0.0.1:9/signups"],
            home: folder)
        #expect(made.status == 0, "\(made.standardError)")
        #expect(made.standardOutput.contains("\"id\": \"address.city\""))
        #expect(made.standardOutput.contains("\"label\": \"Team\""), "plans.json, read beside the schema")
    }

    @Test(arguments: [
        (
            "/nothing.yaml", "createOrder",
            "/nothing.yaml: cannot read the description: the server has no such document; check the address."
        ),
        ("/api.yaml", "addLoop", "refers back to itself through"),
        ("/api.yaml", "addMissing", "/nowhere.yaml, which a reference points into: the server has no such document"),
    ])
    func refusalsAreOneSentenceAndExitTwo(path: String, operation: String, sentence: String) async throws {
        let server = try StaticHTTPServer(folder: Self.refs)
        defer { server.stop() }
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await VozProcess.run(
            ["form", "--openapi", server.base + path, "--operation", operation], home: folder)
        output.expectOneSentenceRefusal(sentence)
    }

    @Test func plainHTTPToAnotherMachineIsRefusedBeforeAnythingIsSent() async throws {
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await VozProcess.run(
            ["form", "--openapi", "http://192.0.2.1/openapi.json", "--operation", "x"], home: folder)
        #expect(output.status == 2)
        #expect(output.standardError.contains("use an https address, or pass --allow-insecure"))
    }
}
