import Foundation
import Testing

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

    /// A fresh private folder for one test, named after what it holds.
    static func temporaryFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("voz-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
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

    /// Runs voz to its end with `input` on standard input; stops it after `timeout`. The work is
    /// `RawVozProcess`'s, which waits on a thread of its own.
    static func run(
        _ arguments: [String], input: String = "", environment: [String: String], timeout: TimeInterval = 60
    ) async throws -> Output {
        let raw = try await RawVozProcess.run(
            arguments, input: Data(input.utf8), environment: environment, timeout: timeout)
        return Output(status: raw.status, standardOutput: raw.stdout, standardError: raw.stderr)
    }

    /// Runs voz with a home folder of its own and nothing on standard input.
    static func run(_ arguments: [String], home: URL) async throws -> Output {
        try await run(arguments, environment: environment(home: home))
    }
}

extension VozProcess.Output {
    /// Checks a refusal as the user meets it: exit 2, and one line on standard error that holds `sentence`.
    func expectOneSentenceRefusal(_ sentence: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == 2, sourceLocation: sourceLocation)
        #expect(standardError.split(separator: "\n").count == 1, "\(standardError)", sourceLocation: sourceLocation)
        #expect(standardError.contains(sentence), "\(standardError)", sourceLocation: sourceLocation)
    }
}
