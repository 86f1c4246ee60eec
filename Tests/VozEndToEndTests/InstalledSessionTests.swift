import Foundation
import Testing

/// The installed copy does the main jobs with the source tree out of reach: it speaks to a WAV file with its
/// shipped voices, and runs the installed example form against its own demo service (issue 10).
@Suite struct InstalledSessionTests {
    @Test func theInstalledCopySpeaksToAWavFileWithItsShippedVoice() async throws {
        let installation = try await InstallTests.Installation()
        defer { installation.remove() }
        let wav = installation.elsewhere.appendingPathComponent("hola.wav").path
        let say = try await ChildProcess.run(
            executable: installation.voz, arguments: ["say", "Hola, esto es Voz.", "--voice", "es", "--wav", wav],
            environment: installation.environment, directory: installation.elsewhere.path)
        #expect(say.status == 0, "\(say.output) \(say.error)")
        let size = (try? FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int) ?? 0
        #expect(size > 10_000)
    }

    @Test func theInstalledDemoRunsTheInstalledFormAndCreatesTheAccount() async throws {
        let installation = try await InstallTests.Installation()
        defer { installation.remove() }
        let answers = installation.elsewhere.appendingPathComponent("answers.txt")
        try Data(
            ["Ana Pérez", "ana@example.com", "secreto123", "", "", "sí", ":enviar", "sí"].joined(separator: "\n")
                .appending("\n").utf8
        ).write(to: answers)
        let demo = try await ChildProcess.run(
            executable: installation.voz, arguments: ["demo", "--speech", "none", "--answers", answers.path],
            environment: installation.environment, directory: installation.elsewhere.path)
        #expect(demo.status == 0, "\(demo.output) \(demo.error)")
        #expect(demo.output.contains("Cuenta creada."))
    }

    @Test func theInstalledCopyRunsAnInstalledExampleAgainstServeDemo() async throws {
        let installation = try await InstallTests.Installation()
        defer { installation.remove() }
        let server = try ChildProcess(
            executable: installation.voz, arguments: ["serve-demo", "--port", "0"],
            environment: installation.environment, error: .null, newProcessGroup: true)
        let line = server.readFirstLine()
        defer {
            server.signal(SIGINT)
            server.wait(upTo: .seconds(10))
        }
        let address = try #require(
            line.split(separator: " ").last.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) })
        let form = installation.prefix.appendingPathComponent("share/voz/examples/create-account.json").path
        let answers = ["Ana Pérez", "ana@example.com", "secret123", "", "", "yes", ":submit", "yes"]
        let run = try await ChildProcess.run(
            executable: installation.voz,
            arguments: ["run", form, "--url", address + "/accounts", "--speech", "none", "--no-draft"],
            environment: installation.environment, directory: installation.elsewhere.path,
            input: Array((answers.joined(separator: "\n") + "\n").utf8))
        #expect(run.status == 0, "\(run.output) \(run.error)")
        #expect(run.output.contains("Account created."))
    }
}
