import Foundation
import Testing
import VozTestSupport

/// A description read from another host that aims the answers at this machine or the local network, through the
/// real binary (issue 37). The description is served on loopback and aims at a private address, so the other host
/// is loopback and the target a private network: refused before anything is asked, and with the person's
/// permission run, saying where the answers go and what is sent unasked before the first question. No answer is
/// ever sent: standard input ends before the form does.
@Suite struct ForeignTargetEndToEndTests {
    @Test(arguments: ["run", "form"])
    func aPrivateTargetIsRefusedInOneSentence(command: String) async throws {
        let engine = try EngineDescription(target: "http://10.0.0.1:2375")
        defer { engine.stop() }
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let quiet = command == "run" ? ["--speech", "none"] : []
        let output = try await VozProcess.run(
            [command, "--openapi", engine.address, "--operation", EngineDescription.operation] + quiet, home: folder)
        output.expectOneSentenceRefusal(
            "The description from 127.0.0.1 sends the answers to 10.0.0.1, on your local network; to send them there,"
                + " pass --allow-local-target.")
        #expect(!output.standardOutput.contains("Image"), "nothing is asked: \(output.standardOutput)")
    }

    @Test func withPermissionTheHostAndTheFixedMembersAreSaidFirst() async throws {
        let engine = try EngineDescription(target: "http://10.0.0.1:2375")
        defer { engine.stop() }
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await VozProcess.run(
            [
                "run", "--openapi", engine.address, "--operation", EngineDescription.operation, "--speech", "none",
                "--allow-local-target", "--no-draft",
            ],
            home: folder)
        let text = output.standardOutput
        let notice = try #require(
            text.range(
                of: "Your answers go to 10.0.0.1. This form also sends, without asking: HostConfig Privileged: yes; "
                    + "HostConfig NetworkMode: host."),
            "\(text)\n\(output.standardError)")
        let question = try #require(text.range(of: "Image"), "\(text)")
        #expect(notice.upperBound <= question.lowerBound, "said before the first question")
        #expect(!text.contains("http://10.0.0.1"), "the host, never the whole address")
    }

    /// The person's own address for the answers is theirs: nothing is refused nor said.
    @Test func aServerThePersonNamesIsNotJudged() async throws {
        let engine = try EngineDescription(target: "http://10.0.0.1:2375")
        defer { engine.stop() }
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try await VozProcess.run(
            [
                "form", "--openapi", engine.address, "--operation", EngineDescription.operation, "--server",
                "http://127.0.0.1:9",
            ],
            home: folder)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.contains("\"url\": \"http://127.0.0.1:9/containers/create\""))
    }
}
