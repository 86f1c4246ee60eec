import Foundation
import VozTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One tmux server of its own (`-L`), so the test never touches a user's sessions.
struct Tmux {
    let socket = "voz-test-\(UUID().uuidString.prefix(8))"

    /// Runs one tmux command and returns what it printed. Spawned and reaped directly rather than through
    /// Foundation's `Process`, which was seen to leave the short-lived tmux client unreaped (a zombie) and
    /// wait forever.
    @discardableResult
    func call(_ arguments: [String]) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The tmux server forked here outlives the test: it must not keep another test's pipe open (that
        // test's voz would never see the end of its input), so every other descriptor is closed.
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        // Children of a Swift process start with signals blocked; tmux needs them to work.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = (["/usr/bin/tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/usr/bin/tmux", &actions, &attributes, argv, environ) == 0 else {
            throw TmuxFailure()
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }

    struct TmuxFailure: Error {}

    func type(_ text: String) throws {
        try call(["send-keys", "-t", "voz", "-l", text])
        try call(["send-keys", "-t", "voz", "Enter"])
    }

    func screen() throws -> String {
        try call(["capture-pane", "-p", "-t", "voz", "-S", "-200"])
    }

    /// Waits until the screen shows `text`, up to `seconds`. Each look spawns tmux and waits for it, on a
    /// thread of its own: polled from the test's task, it held a thread of the shared pool most of the time.
    func wait(for text: String, seconds: Double = 15) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await onOwnThread({ try screen() }).contains(text) { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    func kill() {
        _ = try? call(["kill-server"])
    }
}
