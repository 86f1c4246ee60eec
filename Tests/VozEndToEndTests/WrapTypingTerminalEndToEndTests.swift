import Foundation
import Testing
import VozTestTraits

private let hasTmux = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

/// `voz wrap` answered by a person at a real terminal (tmux): the question said as a label, the line they type sent
/// with Enter, and a password typed with echo off at their terminal, so it never shows there, nor anywhere else.
@Suite(.serialized, .enabled(if: hasTmux), .ownThread) struct WrapTypingTerminalEndToEndTests {
    static let script = """
        import getpass
        name = input('Your name? ')
        secret = getpass.getpass('Password: ')
        print('Hello, %s; %d characters.' % (name, len(secret)))
        """
    static let secret = "c0rrect-h0rse-battery"

    @Test func aPersonAnswersAndTheirPasswordIsNeverShown() async throws {
        let tmux = Tmux()
        defer { tmux.kill() }
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scriptFile = folder.appendingPathComponent("asks.py")
        try Self.script.write(to: scriptFile, atomically: true, encoding: .utf8)
        let transcript = folder.appendingPathComponent("wrap.jsonl")
        let environment = VozProcess.environment(home: folder, extra: ["TERM": "screen"])
        let exports = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let command =
            "env -i \(exports) \(VozProcess.executable.path) wrap --speech none --transcript \(transcript.path)"
            + " -- python3 \(scriptFile.path); echo \"EXIT=$?\"; sleep 30"
        try tmux.call(["new-session", "-d", "-s", "voz", "-x", "100", "-y", "30", command])
        #expect(try await tmux.wait(for: "python3 asks: Your name?"))
        try tmux.type("Ann")
        #expect(try await tmux.wait(for: "python3 asks for a hidden answer: Password:"))
        try tmux.type(Self.secret)
        #expect(try await tmux.wait(for: "EXIT=0"))
        let screen = try tmux.screen()
        #expect(screen.contains("Hello, Ann; \(Self.secret.count) characters."), "\(screen)")
        #expect(!screen.contains(Self.secret), "\(screen)")
        #expect(screen.contains("python3 finished."), "\(screen)")
        let kept = try String(contentsOf: transcript, encoding: .utf8)
        #expect(!kept.contains(Self.secret))
        #expect(kept.contains("\"hidden\""))

        let audit = try await RawVozProcess.run(
            ["audit", "--transcript", transcript.path, "--fail-on", "minor"],
            environment: VozProcess.environment(home: folder))
        #expect(audit.status == 0, "\(audit.stdout)")
    }
}
