import Foundation

/// Runs the real `voz` binary built beside the test bundle, as a user or a script would.
struct VozProcess {
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
        var lines: [String] { standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The `voz` executable SwiftPM built into the same folder as the test bundle.
    static var executable: URL {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let beside = bundleFolder.appendingPathComponent("voz")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        // `swift test` may run the bundle from inside its .xctest folder.
        return bundleFolder.deletingLastPathComponent().appendingPathComponent("voz")
    }

    /// The package's root folder, for the example forms.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// A private folder for one test's state, config and files.
    static func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("voz-e2e-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The environment a test runs voz in: its own XDG folders, no audio server, English unless asked.
    static func environment(home: URL, extra: [String: String] = [:]) -> [String: String] {
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home.path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "XDG_RUNTIME_DIR": home.appendingPathComponent("runtime").path,
            "LANG": "C.UTF-8",
        ]
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Runs voz to its end with `input` on standard input; gives up (and fails the caller) after `timeout`.
    /// Waits on a thread of its own, so a test waiting for voz never holds one of the few threads that every
    /// test's async work shares (a held thread there delays other suites' timers).
    static func run(
        _ arguments: [String], input: String = "", environment: [String: String], timeout: TimeInterval = 60
    ) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        try runBlocking(arguments, input: input, environment: environment, timeout: timeout)
                    })
            }
        }
    }

    private static func runBlocking(
        _ arguments: [String], input: String, environment: [String: String], timeout: TimeInterval
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let collected = Collected()
        let group = DispatchGroup()
        for (pipe, isError) in [(stdout, false), (stderr, true)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(data, isError: isError)
                group.leave()
            }
        }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            process.interrupt()
            Thread.sleep(forTimeInterval: 0.5)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        group.wait()
        return Output(
            status: process.terminationStatus, standardOutput: collected.text(isError: false),
            standardError: collected.text(isError: true))
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var out = Data()
        private var err = Data()

        func set(_ data: Data, isError: Bool) {
            lock.lock()
            defer { lock.unlock() }
            if isError { err = data } else { out = data }
        }

        func text(isError: Bool) -> String {
            lock.lock()
            defer { lock.unlock() }
            return String(decoding: isError ? err : out, as: UTF8.self)
        }
    }
}
