import Foundation
import Testing

/// Issue 17, branches: `voz form --openapi` on descriptions FastAPI and drf-spectacular generated, then the form
/// run by the real `voz run` with scripted answers against a loopback server that records the body. Only the
/// chosen branch's fields are sent, with the discriminator each branch fixes, and nothing of the others.
@Suite(.serialized) struct BranchFormEndToEndTests {
    static let fixtures = "Tests/VozKitTests/Fixtures/OpenAPI/"

    /// Writes the form for `operation` aimed at `server`, runs it with `answers`, and returns what arrived.
    private func send(
        spec: String, operation: String, answers: [String], server: RecordingServer
    ) async throws -> (run: VozProcess.Output, requests: [RecordingServer.Request]) {
        let folder = TemporaryFolder()
        let form = folder.url.appendingPathComponent("form.json").path
        let environment = VozProcess.environment(home: folder.url)
        let made = try await VozProcess.run(
            [
                "form", "--openapi", Self.fixtures + spec, "--operation", operation, "--server", server.baseURL, "-o",
                form,
            ],
            environment: environment)
        #expect(made.status == 0, "\(made.standardError)")
        let run = try await VozProcess.run(
            ["run", form, "--speech", "none"], input: answers.joined(separator: "\n") + "\n", environment: environment)
        return (run, server.requests())
    }

    /// FastAPI's `Order.payment: Union[Card, Transfer]` with `discriminator="method"`: the holder, alike in both
    /// branches, asked once; the card number only in the card branch.
    @Test(arguments: [
        (
            ["1", "Ana Pérez", "4242424242424242"],
            #"{"holder":"Ana Pérez","number":"4242424242424242","method":"card"}"#
        ),
        (
            ["2", "Ana Pérez", "ES91 2100 0418 4502 0005 1332"],
            // An IBAN goes in its one spelling, so the same account typed in groups or not is one payload.
            #"{"holder":"Ana Pérez","iban":"ES9121000418450200051332","method":"transfer"}"#
        ),
    ])
    func aNestedDiscriminatedUnionSendsOnlyTheChosenBranch(branch: [String], payment: String) async throws {
        let server = try RecordingServer()
        defer { server.stop() }
        // E-mail, the branch and its fields, no gift note (null), no nickname, a size, then send.
        let answers = ["ana@example.com"] + branch + ["", "", "L", ":submit", "yes"]
        let (run, requests) = try await send(
            spec: "fastapi-branches.json", operation: "createOrder", answers: answers, server: server)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("Payment, required. Choose a number from 1 to 2: 1, Card; 2, Transfer."))
        let request = try #require(requests.first)
        #expect(requests.count == 1 && request.method == "POST" && request.path == "/orders")
        #expect(
            request.body
                == #"{"email":"ana@example.com","payment":"# + payment + #","gift_note":null,"size":"L"}"#)
    }

    /// `voz run --openapi` with an answers file: FastAPI's body-level `Union[Cat, Dog]`, the dog chosen.
    @Test func runDirectlyFromTheDescriptionWithAnAnswersFile() async throws {
        let server = try RecordingServer()
        defer { server.stop() }
        let folder = TemporaryFolder()
        let answers = folder.url.appendingPathComponent("answers.txt")
        try Data(["2", "Rex", "2.5", ":submit", "yes", ""].joined(separator: "\n").utf8).write(to: answers)
        let run = try await VozProcess.run(
            [
                "run", "--openapi", Self.fixtures + "fastapi-branches.json", "--operation", "addPet", "--server",
                server.baseURL, "--answers", answers.path, "--speech", "none",
            ], environment: VozProcess.environment(home: folder.url))
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("Pet, required. Choose a number from 1 to 2: 1, Cat; 2, Dog."))
        #expect(!run.standardOutput.contains("Meows"))
        let request = try #require(server.requests().first)
        #expect(request.path == "/pets" && request.contentType == "application/json")
        #expect(request.json["pet_type"] as? String == "dog" && request.json["name"] as? String == "Rex")
        #expect(request.json["barks"] as? Double == 2.5 && request.json.count == 3)
    }

    /// drf-spectacular's PolymorphicProxySerializer: the whole body is the union, the branch named by the mapping.
    @Test func aWholeBodyUnionFromDRFSpectacularSendsTheMappingKey() async throws {
        let server = try RecordingServer()
        defer { server.stop() }
        let (run, requests) = try await send(
            spec: "drf-branches.yaml", operation: "createPayment", answers: ["2", "ES91", ":submit", "yes"],
            server: server)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("Payment, required. Choose a number from 1 to 2: 1, Card; 2, Transfer."))
        #expect(!run.standardOutput.contains("Number"))
        let request = try #require(requests.first)
        #expect(request.path == "/payments/")
        #expect(request.json["method"] as? String == "transfer" && request.json["iban"] as? String == "ES91")
        #expect(request.json.count == 2)
    }
}
