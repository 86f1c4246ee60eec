import Foundation

/// Runs a program to its end and collects what it printed: for the tests that drive installed copies of voz,
/// the install script, bash and man as a person's shell would.
struct ShellRun {
    var status: Int32
    var output: String
    var error: String

    /// Runs `executable` with `arguments`; `environment` nil inherits the test's own.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
        input: String = ""
    ) throws -> ShellRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let drain = PipeDrain(output: stdout, error: stderr)
        process.waitUntilExit()
        let (output, error) = drain.wait()
        return ShellRun(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            error: String(decoding: error, as: UTF8.self))
    }

    // MARK: - Places

    /// The debug `voz` SwiftPM built beside the test bundle.
    static var voz: String {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let beside = bundleFolder.appendingPathComponent("voz")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside.path }
        return bundleFolder.deletingLastPathComponent().appendingPathComponent("voz").path
    }

    /// The package's root folder (docs/, scripts/, examples/).
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// A fresh private folder for one test.
    static func temporaryFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("voz-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

}
