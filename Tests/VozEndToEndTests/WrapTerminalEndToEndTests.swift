import Foundation
import Testing
import VozTestTraits

#if canImport(Glibc)
    import Glibc
#endif

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

    /// Ctrl-Z in an interactive bash: the program stops with voz (its state is T while the shell has its prompt),
    /// `fg` continues both, and the ticks go on from where they were.
    @Test func ctrlZStopsTheProgramAndFgContinuesIt() async throws {
        let tmux = Tmux()
        defer { tmux.kill() }
        let folder = VozProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scriptFile = folder.appendingPathComponent("stoppable.py")
        try Self.script.write(to: scriptFile, atomically: true, encoding: .utf8)
        let environment = VozProcess.environment(home: folder, extra: ["TERM": "screen", "PS1": "$ "])
        let exports = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        try tmux.call([
            "new-session", "-d", "-s", "voz", "-x", "100", "-y", "30",
            "env -i \(exports) /bin/bash --norc --noprofile -i",
        ])
        try tmux.type("\(VozProcess.executable.path) wrap --speech none -- python3 \(scriptFile.path)")
        #expect(try await tmux.wait(for: "tick 3"))
        try tmux.call(["send-keys", "-t", "voz", "C-z"])
        #expect(try await tmux.wait(for: "Stopped"))
        let shown = try tmux.screen()
        let program = try #require(Self.process(running: scriptFile.path), "the wrapped python3: \(shown)")
        try await Task.sleep(for: .milliseconds(500))
        #expect(Self.state(of: program) == "T", "the program is stopped with voz")
        try tmux.type("fg")
        try await Task.sleep(for: .milliseconds(500))
        #expect(Self.state(of: program) != "T", "fg continued the program")
        let screen = try tmux.screen()
        let last =
            screen.split(separator: "\n").compactMap { line in
                line.hasPrefix("tick ") ? Int(line.dropFirst(5).trimmingCharacters(in: .whitespaces)) : nil
            }.max() ?? 0
        #expect(try await tmux.wait(for: "tick \(last + 3)"))
        try tmux.call(["send-keys", "-t", "voz", "C-c"])
        #expect(try await tmux.wait(for: "python3 was interrupted."))
    }

    /// The pid of the python3 running the script `text` (not voz, whose command line names it too).
    static func process(running text: String) -> Int32? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = Int32(entry),
                let command = Self.read("/proc/\(entry)/cmdline"),
                String(decoding: command, as: UTF8.self).contains("python3\u{0}" + text)
            else { continue }
            return pid
        }
        return nil
    }

    /// A process's state letter (R, S, T…) from /proc.
    static func state(of pid: Int32) -> String? {
        guard let stat = read("/proc/\(pid)/stat").map({ String(decoding: $0, as: UTF8.self) }),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }

    /// A file of /proc, read to its end by read(2): it says its size is 0, so a read by the size gets nothing.
    static func read(_ path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            data.append(contentsOf: buffer[..<count])
        }
        return data
    }
}
