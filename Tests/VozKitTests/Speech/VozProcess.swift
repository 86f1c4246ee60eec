import Foundation
import VozTestSupport

/// Runs the built `voz` binary (beside the test bundle) and captures what it prints.
struct VozProcess {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The `voz` built with the tests, when there is one.
    static var executable: String? {
        let directory = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).deletingLastPathComponent()
        let candidate = directory.appendingPathComponent("voz").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// Runs voz with `arguments` on a thread of its own, so waiting for it never holds one of the few threads tests
    /// share; `launcher` is a command line voz is appended to (`unshare … sh -c …`).
    static func run(
        _ arguments: [String], environment: [String: String], launcher: [String] = []
    ) async throws -> VozProcess? {
        guard let executable else { return nil }
        let command = launcher + [executable] + arguments
        let run = try await ChildProcess.run(
            executable: command[0], arguments: Array(command.dropFirst()), environment: environment)
        return VozProcess(status: run.status, stdout: run.output, stderr: run.error)
    }
}
