import Foundation

/// Runs a program to its end and collects what it printed, both streams read at once on threads of their own
/// (`PipeDrain`): for the tests that drive voz, installed copies of it, the install script, bash and man as a
/// person's shell would. It blocks: from async code, call it through `onOwnThread`.
public struct ShellRun: Sendable {
    public var status: Int32
    public var output: String
    public var error: String

    /// Runs `executable` with `arguments` and `input` on standard input; `environment` nil inherits the test's own.
    public static func run(
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
}
