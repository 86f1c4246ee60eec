import Foundation
import Testing

/// The installed copy does the main jobs with the source tree out of reach: it speaks to a WAV file with its
/// shipped voices, and runs the installed example form against its own demo service (issue 10).
@Suite struct InstalledSessionTests {
    @Test func theInstalledCopySpeaksToAWavFileWithItsShippedVoice() throws {
        let installation = try InstallTests.Installation()
        defer { installation.remove() }
        let wav = installation.elsewhere.appendingPathComponent("hola.wav").path
        let say = try ShellRun.run(
            installation.voz, ["say", "Hola, esto es Voz.", "--voice", "es", "--wav", wav],
            environment: installation.environment, directory: installation.elsewhere)
        #expect(say.status == 0, "\(say.output) \(say.error)")
        let size = (try? FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int) ?? 0
        #expect(size > 10_000)
    }

    @Test func theInstalledDemoRunsTheInstalledFormAndCreatesTheAccount() throws {
        let installation = try InstallTests.Installation()
        defer { installation.remove() }
        let answers = installation.elsewhere.appendingPathComponent("answers.txt")
        try Data(
            ["Ana Pérez", "ana@example.com", "secreto123", "", "", "sí", ":enviar", "sí"].joined(separator: "\n")
                .appending("\n").utf8
        ).write(to: answers)
        let demo = try ShellRun.run(
            installation.voz, ["demo", "--speech", "none", "--answers", answers.path],
            environment: installation.environment, directory: installation.elsewhere)
        #expect(demo.status == 0, "\(demo.output) \(demo.error)")
        #expect(demo.output.contains("Cuenta creada."))
    }

    @Test func theInstalledCopyRunsAnInstalledExampleAgainstServeDemo() throws {
        let installation = try InstallTests.Installation()
        defer { installation.remove() }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: installation.voz)
        server.arguments = ["serve-demo", "--port", "0"]
        server.environment = installation.environment
        let line = try server.runReadingFirstLine()
        defer {
            server.interrupt()
            server.waitUntilExit()
        }
        let address = try #require(
            line.split(separator: " ").last.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) })
        let form = installation.prefix.appendingPathComponent("share/voz/examples/create-account.json").path
        let run = try ShellRun.run(
            installation.voz, ["run", form, "--url", address + "/accounts", "--speech", "none", "--no-draft"],
            environment: installation.environment, directory: installation.elsewhere,
            input: ["Ana Pérez", "ana@example.com", "secret123", "", "", "yes", ":submit", "yes"].joined(
                separator: "\n")
                + "\n")
        #expect(run.status == 0, "\(run.output) \(run.error)")
        #expect(run.output.contains("Account created."))
    }
}
