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

    /// Runs voz on a thread of its own, so waiting for it never holds one of the few threads tests share.
    /// Runs voz with `arguments`; `launcher` is a command line voz is appended to (`unshare … sh -c …`).
    static func run(
        _ arguments: [String], environment: [String: String], launcher: [String] = []
    ) async throws -> VozProcess? {
        try await onOwnThread { try runBlocking(arguments, environment: environment, launcher: launcher) }
    }

    private static func runBlocking(
        _ arguments: [String], environment: [String: String], launcher: [String]
    ) throws -> VozProcess? {
        guard let executable else { return nil }
        let process = Process()
        let command = launcher + [executable] + arguments
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Both at once: read one after the other, a voz with a full error pipe would wait on a test waiting on it.
        let (stdout, stderr) = PipeDrain(output: out, error: err).wait()
        process.waitUntilExit()
        return VozProcess(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}
