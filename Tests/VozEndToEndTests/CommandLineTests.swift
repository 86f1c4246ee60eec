import Foundation
import Testing

/// How voz answers a bad call: one plain sentence and exit code 2, never a Swift error dump (issue 2).
@Suite struct CommandLineTests {
    private func run(_ arguments: [String]) async throws -> VozProcess.Output {
        let home = TemporaryFolder()
        return try await VozProcess.run(arguments, environment: VozProcess.environment(home: home.url))
    }

    @Test func aMissingFormFileIsOneSentenceAndExitTwo() async throws {
        let output = try await run(["run", "examples/does-not-exist.json", "--speech", "none"])
        #expect(output.status == 2)
        #expect(output.standardError.split(separator: "\n").count == 1)
        #expect(output.standardError.contains("does-not-exist.json"))
        #expect(output.standardError.contains("there is no file with that name"))
        #expect(!output.standardError.contains("Fatal error"))
    }

    @Test func aMalformedFormFileNamesThePathAndExitsTwo() async throws {
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("roto.json").path
        try Data(#"{"id": "x", "title": "X", "fields": [{"id": "a", "label": "A", "kind": "texto"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let output = try await run(["run", path, "--speech", "none"])
        #expect(output.status == 2)
        #expect(output.standardError.split(separator: "\n").count == 1)
        #expect(output.standardError.contains("fields[0].kind"))
        #expect(output.standardOutput.isEmpty)
    }

    @Test(arguments: [("session.jsonl", "--transcript"), ("session.cast", "--recording")])
    func aTranscriptGivenAsAFormSaysWhichOptionTakesIt(file: String, option: String) async throws {
        let output = try await run(["audit", file])
        #expect(output.status == 2)
        #expect(
            output.standardError
                == "\(file) is a session transcript or a recording, not a form; give it after \(option).\n",
            "\(output.standardError)")
    }

    @Test(arguments: [
        ["run"], ["run", "a.json", "--bogus"], ["frobnicate"], ["run", "a.json", "--rate"],
        ["audit", "--format", "pdf", "examples/crear-cuenta.json"],
    ])
    func usageMistakesAreOneSentenceAndExitTwo(arguments: [String]) async throws {
        let output = try await run(arguments)
        #expect(output.status == 2)
        #expect(output.standardError.split(separator: "\n").count == 1, "\(output.standardError)")
    }

    @Test func helpAndVersionSucceed() async throws {
        let help = try await run(["--help"])
        #expect(help.status == 0)
        for command in ["run", "demo", "serve-demo", "audit", "record", "form", "say", "voices", "reply"] {
            #expect(help.standardOutput.contains("  \(command): "))
        }
        let version = try await run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput.hasPrefix("voz "))
    }
}
