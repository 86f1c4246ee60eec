import Foundation
import Testing
import VozTestSupport

@testable import VozKit
@testable import VozLocalization
@testable import VozOpenAPI

/// Where a description read from the network sends the answers, judged against where it came from (issue 37).
///
/// This machine has no other machine to serve from, so a description from another host is either served on
/// loopback and aimed at a private address (never dialled: nothing is sent), or decoded from its text with the
/// address it would have come from.
@Suite("Where a description from elsewhere sends the answers")
struct AnswerDestinationTests {
    private func destination(served target: String) async throws -> (AnswerDestination?, Form) {
        let engine = try EngineDescription(target: target)
        defer { engine.stop() }
        let document = try await SpecDocument.load(
            engine.address, loader: CurlSpecLoader(), reaching: .operation(EngineDescription.operation))
        let form = try OpenAPIFormBuilder.form(
            openAPI: document, operation: EngineDescription.operation, server: nil
        ).document(path: engine.address).form
        return (AnswerDestination(description: document, target: form.submit.url.absoluteString), form)
    }

    private func destination(from address: String, target: String) throws -> AnswerDestination? {
        let root = try SpecDocument.parse(
            bytes: Array(EngineDescription.text(target: target).utf8), file: address, isJSON: false)
        // A path is read as a file, as `SpecDocument.load` reads it.
        let document = SpecDocument(file: address, root: root, url: address.hasPrefix("/") ? nil : address)
        let url = try OpenAPIFormBuilder.serverURL(document, override: nil)
        // Judged as written: a test never asks a name server.
        return AnswerDestination(description: document, target: url) { HostScope(host: $0) }
    }

    @Test(arguments: ["http://10.0.0.1:2375", "http://169.254.169.254", "http://192.168.1.1", "http://[fd00::2]"])
    func aPrivateTargetFromAnotherHostNeedsPermission(target: String) async throws {
        let (found, _) = try await destination(served: target)
        let destination = try #require(found)
        #expect(destination.scope == .privateNetwork)
        #expect(destination.needsPermission)
        #expect(destination.origin == "127.0.0.1")
        let refusal = destination.refusal(Localizer(language: .en))
        #expect(refusal.contains("sends the answers to \(destination.host), on your local network"), "\(refusal)")
        #expect(refusal.contains("--allow-local-target"))
        #expect(!refusal.contains("http"), "a host, never a whole address: \(refusal)")
    }

    /// The same engine aimed at this machine, by a description from a host on the internet.
    @Test(arguments: ["http://127.0.0.1:2375", "http://localhost:2375", "http://[::1]:2375", "http://0x7f.1:2375"])
    func thisMachineFromAnotherHostNeedsPermission(target: String) throws {
        let destination = try #require(
            try self.destination(from: "https://specs.example.net/engine.yaml", target: target))
        #expect(destination.scope == .thisMachine && destination.needsPermission)
        #expect(destination.origin == "specs.example.net")
        let refusal = destination.refusal(Localizer(language: .es))
        #expect(refusal.contains("en este ordenador"), "\(refusal)")
        #expect(refusal.contains("specs.example.net") && refusal.contains("--allow-local-target"))
    }

    /// Said before the first question: where the answers go, and every member sent without asking.
    @Test func theNoticeNamesTheHostAndWhatIsSentUnasked() async throws {
        let (found, form) = try await destination(served: "http://10.0.0.1:2375/v1.41")
        let notice = try #require(found).notice(for: form, Localizer(language: .en))
        #expect(
            notice
                == "Your answers go to 10.0.0.1. This form also sends, without asking: HostConfig Privileged: yes; "
                + "HostConfig NetworkMode: host.")
    }

    /// Another host on the internet is said, not refused.
    @Test func anInternetTargetFromAnotherHostIsSaidNotRefused() throws {
        let destination = try #require(
            try self.destination(from: "https://specs.example.net/engine.yaml", target: "https://api.example.com/v1"))
        #expect(!destination.needsPermission)
        #expect(destination.host == "api.example.com")
    }

    /// A service describing itself, or a description from a file, decides nothing the person did not choose.
    @Test func aDescriptionFromItsTargetOrAFileIsNotJudged() async throws {
        #expect(try await destination(served: "/v1.41").0 == nil, "a relative server: the description's own host")
        #expect(try await destination(served: "http://localhost:9/v1").0 == nil, "both on this machine")
        #expect(try destination(from: "https://api.example.com/openapi.yaml", target: "https://API.example.com") == nil)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("engine.yaml").path
        #expect(try destination(from: path, target: "http://127.0.0.1:2375") == nil)
    }

    /// The host of a target the generated form writes with a template in its path, which is no `URL`.
    @Test(arguments: [
        ("http://127.0.0.1:2375/containers/{id}/start", "127.0.0.1"), ("http://u:p@[::1]:80/x{y}", "[::1]"),
        ("https://api.example.com", "api.example.com"), ("http://2130706433?q", "2130706433"),
    ])
    func theHostOfATemplate(address: String, host: String) {
        #expect(AnswerDestination.host(of: address) == host)
    }

    /// A description named at the target's host but redirected from elsewhere is from elsewhere.
    @Test func aRedirectFromAnotherHostCounts() throws {
        let root = try SpecDocument.parse(
            bytes: Array(EngineDescription.text(target: "http://127.0.0.1:2375").utf8), file: "x", isJSON: false)
        let document = SpecDocument(
            file: "http://127.0.0.1:8080/engine.yaml", root: root, url: "http://127.0.0.1:8080/engine.yaml",
            finalURI: "https://specs.example.net/engine.yaml", walk: true)
        let destination = try #require(AnswerDestination(description: document, target: "http://127.0.0.1:2375/x"))
        #expect(destination.origin == "specs.example.net" && destination.needsPermission)
    }
}
