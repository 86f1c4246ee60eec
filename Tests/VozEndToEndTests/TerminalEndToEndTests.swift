import Foundation
import Testing
import VozTestSupport
import VozTestTraits

#if canImport(Glibc)
    import Glibc
#endif

private let hasTmux = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

/// `voz run` under a real pseudo-terminal (tmux), typed into as a person would: a secret never appears on the
/// screen, and echo is back on afterwards — also after Ctrl-C — and off again after Ctrl-Z and `fg`.
@Suite(.serialized, .enabled(if: hasTmux), .ownThread) struct TerminalEndToEndTests {

    private func start(_ tmux: Tmux, server: DemoServer, folder: URL) throws {
        let environment = VozProcess.environment(home: folder)
        let exports = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let form = VozProcess.packageRoot.appendingPathComponent("examples/crear-cuenta.json").path
        let sttyFile = folder.appendingPathComponent("stty.txt").path
        // After voz ends, the shell records the terminal's modes, then shows voz's exit code, so a test that sees
        // the code finds the modes already written; then it waits to be read.
        let command =
            "env -i \(exports) \(VozProcess.executable.path) run \(form) --url \(server.accountsURL.absoluteString) "
            + "--speech none; code=$?; stty -a > \(sttyFile); echo \"EXIT=$code\"; sleep 30"
        try tmux.call(["new-session", "-d", "-s", "voz", "-x", "200", "-y", "50", command])
    }

    @Test func aSecretTypedAtTheTerminalNeverAppearsAndEchoComesBack() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let tmux = Tmux()
        defer { tmux.kill() }
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try start(tmux, server: server, folder: folder)
        let secret = "Zq9-terminal-secret"
        #expect(try await tmux.wait(for: "Campo 1 de 6"))
        try tmux.type("Ana Pérez")
        #expect(try await tmux.wait(for: "Campo 2 de 6"))
        try tmux.type("ana-\(UUID().uuidString.prefix(6))@example.com")
        #expect(try await tmux.wait(for: "Campo 3 de 6"))
        try tmux.type(secret)
        #expect(try await tmux.wait(for: "Campo 4 de 6"))
        for answer in ["", "", "sí", ":revisar"] { try tmux.type(answer) }
        #expect(try await tmux.wait(for: "oculto, 19 caracteres"))
        try tmux.type(":enviar")
        try tmux.type("sí")
        #expect(try await tmux.wait(for: "EXIT=0"))
        let screen = try tmux.screen()
        #expect(!screen.contains(secret))
        let modes = try String(contentsOf: folder.appendingPathComponent("stty.txt"), encoding: .utf8)
        #expect(modes.contains(" echo "))
        #expect(!modes.contains("-echo "))
    }

    @Test func ctrlCAtTheSecretPromptRestoresEchoSavesADraftAndExits130() async throws {
        let server = try await DemoServer.start()
        defer { server.stop() }
        let tmux = Tmux()
        defer { tmux.kill() }
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try start(tmux, server: server, folder: folder)
        #expect(try await tmux.wait(for: "Campo 1 de 6"))
        try tmux.type("Ana Pérez")
        #expect(try await tmux.wait(for: "Campo 2 de 6"))
        try tmux.type("ana@example.com")
        #expect(try await tmux.wait(for: "Campo 3 de 6"))
        // Echo is off now, waiting for the password.
        try tmux.call(["send-keys", "-t", "voz", "C-c"])
        #expect(try await tmux.wait(for: "EXIT=130"))
        #expect(try tmux.screen().contains("Interrumpido"))
        let modes = try String(contentsOf: folder.appendingPathComponent("stty.txt"), encoding: .utf8)
        #expect(modes.contains(" echo "))
        let draft = folder.appendingPathComponent("state/voz/drafts/" + FormRun.draftName(sentTo: server.accountsURL))
        #expect(FileManager.default.fileExists(atPath: draft.path))
    }

    /// Issue 37, item 7: Ctrl-Z, then `fg`, at the password prompt, in an interactive bash as a person would do it.
    /// Bash puts back its own settings, echo on, before it continues voz: the password typed next was shown, and a
    /// screen reader read it. Echo is off again (tcgetattr on the pane's terminal) while the prompt is up.
    @Test func ctrlZThenFgAtTheSecretPromptKeepsEchoOff() async throws {
        let tmux = Tmux()
        defer { tmux.kill() }
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = VozProcess.environment(home: folder, extra: ["TERM": "screen", "PS1": "$ "])
        let exports = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        try tmux.call([
            "new-session", "-d", "-s", "voz", "-x", "200", "-y", "50",
            "env -i \(exports) /bin/bash --norc --noprofile -i",
        ])
        let form = VozProcess.packageRoot.appendingPathComponent("examples/crear-cuenta.json").path
        try tmux.type("\(VozProcess.executable.path) run \(form) --url http://127.0.0.1:9/accounts --speech none")
        #expect(try await tmux.wait(for: "Campo 1 de 6"))
        try tmux.type("Ana Pérez")
        #expect(try await tmux.wait(for: "Campo 2 de 6"))
        try tmux.type("ana@example.com")
        #expect(try await tmux.wait(for: "Campo 3 de 6"))
        let path = try tmux.call(["display-message", "-p", "-t", "voz", "#{pane_tty}"])
        let terminal = open(path.trimmingCharacters(in: .whitespacesAndNewlines), O_RDONLY | O_NOCTTY | O_NONBLOCK)
        try #require(terminal >= 0, "the pane's terminal \(path)")
        defer { close(terminal) }
        func echoes() -> Bool {
            var settings = termios()
            return tcgetattr(terminal, &settings) == 0 && settings.c_lflag & tcflag_t(ECHO) != 0
        }
        #expect(!echoes(), "off for the password")

        // Half a password typed before the stop: the kernel drops it (it must never reach the shell), so after
        // `fg` Voz says so and asks again (the newcomer's report, item 6: it used to stay silent).
        try tmux.call(["send-keys", "-t", "voz", "-l", "Secre"])
        try tmux.call(["send-keys", "-t", "voz", "C-z"])
        #expect(try await tmux.wait(for: "Stopped"))
        try tmux.type("fg")
        // Bash prints the job's command as it continues it: typed, then in the Stopped line, then after `fg`.
        let deadline = ContinuousClock.now + .seconds(15)
        while try tmux.screen().components(separatedBy: "crear-cuenta.json").count < 4, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        try await Task.sleep(for: .milliseconds(200))
        let settled = ContinuousClock.now + .seconds(5)
        while echoes(), ContinuousClock.now < settled { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!echoes(), "off again once continued")
        let resumed = "Seguimos. Si escribiste algo antes de la pausa, no se ha guardado"
        #expect(try await tmux.wait(for: resumed))
        let asked = try tmux.screen().replacingOccurrences(of: "\n", with: "")
        let again = asked.components(separatedBy: resumed).last ?? ""
        #expect(again.contains("Campo 3 de 6"), "the question again after the pause: \(asked)")

        let secret = "Zq9-after-fg-secret"
        try tmux.type(secret)
        #expect(try await tmux.wait(for: "Campo 4 de 6"))
        let screen = try tmux.screen()
        #expect(!screen.contains(secret), "\(screen)")
        // Only what was typed after the pause is the password: what came before it was dropped, as Voz said.
        try tmux.type(":revisar")
        #expect(try await tmux.wait(for: "oculto, \(secret.count) caracteres"))
    }
}
