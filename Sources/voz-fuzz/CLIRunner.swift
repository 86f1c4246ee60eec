import Foundation
import VozFuzzing
import VozKit

#if canImport(Glibc)
    import Glibc
#endif

/// Runs one input through the real `voz` binary, as a user's files and typing reach it: `voz audit FORM`,
/// `voz reply`, `voz audit --transcript`, `voz run --answers`. A signal is a crash; five seconds is a hang.
final class CLIRunner {
    enum Outcome {
        case finished
        case crashed(signal: Int32)
        case hung
    }

    static let timeLimit: TimeInterval = 5

    private let voz: URL
    private let folder: URL
    private let form: String

    /// Nil when no `voz` binary sits beside this one (then only the in-process runs happen).
    init?() {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        voz = me.deletingLastPathComponent().appendingPathComponent("voz")
        guard FileManager.default.isExecutableFile(atPath: voz.path) else { return nil }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-fuzz-\(getpid())")
        form = FuzzCorpus.root.appendingPathComponent("examples/crear-cuenta.json").path
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func removeFiles() {
        try? FileManager.default.removeItem(at: folder)
    }

    func run(_ target: FuzzTarget, _ input: Data) -> Outcome {
        let file = folder.appendingPathComponent("input.\(target.fileExtension)")
        try? input.write(to: file)
        let arguments: [String]
        switch target {
        case .form:
            arguments = ["audit", file.path, "--format", "json"]
        case .transcript:
            arguments = ["audit", "--transcript", file.path]
        case .answers:
            // Port 9 (discard) refuses at once: each send is a transient failure and the session goes on.
            arguments = [
                "run", form, "--answers", file.path, "--speech", "none", "--no-draft", "--url", "http://127.0.0.1:9/",
                "--log", folder.appendingPathComponent("voz.log").path,
            ]
        case .reply:
            let reply = HTTPReplyFile.read(input)
            let body = folder.appendingPathComponent("body")
            try? reply.body.write(to: body)
            arguments =
                ["reply", form, "--status", String(reply.status), "--body", body.path]
                + reply.headers.filter { !($0.name + $0.value).contains("\u{0}") }
                .flatMap { ["--header", "\($0.name): \($0.value)"] }
        }
        return launch(arguments)
    }

    private func launch(_ arguments: [String]) -> Outcome {
        let process = Process()
        process.executableURL = voz
        process.arguments = arguments
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "LANG": "C.UTF-8",
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return .finished }
        let deadline = Date().addingTimeInterval(Self.timeLimit)
        while process.isRunning, Date() < deadline { usleep(2_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return .hung
        }
        if process.terminationReason == .uncaughtSignal { return .crashed(signal: process.terminationStatus) }
        return .finished
    }
}
