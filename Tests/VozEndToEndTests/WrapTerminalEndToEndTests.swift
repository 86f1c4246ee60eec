import Foundation
import Testing
import VozTestTraits

private let hasTmux = FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")

/// `voz wrap` at a real terminal (tmux), as a person runs it: the program gets the window's size and its changes,
/// each line it writes is printed once, and Ctrl-C interrupts the program, whose end voz says and whose status it
/// passes on.
@Suite(.serialized, .enabled(if: hasTmux), .ownThread) struct WrapTerminalEndToEndTests {
    static let script = """
        import os, signal, time
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        def size(*_):
            columns, rows = os.get_terminal_size()
            print("size %d by %d" % (columns, rows), flush=True)
        signal.signal(signal.SIGWINCH, size)
        size()
        for i in range(1000):
            print("tick %d" % i, flush=True)
            time.sleep(0.2)
        """

    @Test func theWindowIsPassedOnAndCtrlCInterruptsTheProgram() async throws {
        let tmux = Tmux()
        defer { tmux.kill() }
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scriptFile = folder.appendingPathComponent("ticks.py")
        try Self.script.write(to: scriptFile, atomically: true, encoding: .utf8)
        let transcript = folder.appendingPathComponent("wrap.jsonl")
        let environment = VozProcess.environment(home: folder, extra: ["TERM": "screen"])
        let exports = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let command =
            "env -i \(exports) \(VozProcess.executable.path) wrap --speech none --transcript \(transcript.path)"
            + " -- python3 \(scriptFile.path); echo \"EXIT=$?\"; sleep 30"
        try tmux.call(["new-session", "-d", "-s", "voz", "-x", "100", "-y", "30", command])
        #expect(try await tmux.wait(for: "size 100 by 30"))
        #expect(try await tmux.wait(for: "tick 3"))
        try tmux.call(["resize-window", "-t", "voz", "-x", "120", "-y", "40"])
        #expect(try await tmux.wait(for: "size 120 by 40"))
        #expect(try await tmux.wait(for: "tick 8"))
        try tmux.call(["send-keys", "-t", "voz", "C-c"])
        #expect(try await tmux.wait(for: "EXIT=130"))
        let lines = try tmux.screen().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("python3 was interrupted."), "\(lines)")
        let ticks = lines.filter { $0.hasPrefix("tick ") }
        #expect(ticks == (0..<ticks.count).map { "tick \($0)" }, "each tick once, in order: \(lines)")
        #expect(!lines.contains { $0.contains("\u{1B}") })

        let audit = try await RawVozProcess.run(
            ["audit", "--transcript", transcript.path, "--fail-on", "minor"],
            environment: VozProcess.environment(home: folder))
        #expect(audit.status == 0, "\(audit.stdout)")
    }
}
