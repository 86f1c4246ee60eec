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

    private let hangLimit: Double
    private let voz: URL
    private let folder: URL
    private let form: String

    /// Nil when no `voz` binary sits beside this one (then only the in-process runs happen).
    init?(hangLimit: Double) {
        self.hangLimit = hangLimit
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        voz = me.deletingLastPathComponent().appendingPathComponent("voz")
        guard FileManager.default.isExecutableFile(atPath: voz.path) else { return nil }
        folder = Self.folder(ofWorker: getpid())
        form = FuzzCorpus.root.appendingPathComponent("examples/crear-cuenta.json").path
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Where the worker with process id `pid` keeps the files of its `voz` runs; the supervisor removes it when the
    /// worker ends, whichever way (a crashed or killed worker cannot).
    static func folder(ofWorker pid: pid_t) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("voz-fuzz-\(pid)")
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

    /// Runs `voz` in this worker's process group (so the supervisor's kill reaches it with the worker), reading its
    /// output and error together and discarding them, so a chatty `voz` never blocks on a full pipe.
    private func launch(_ arguments: [String]) -> Outcome {
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "LANG": "C.UTF-8",
        ]
        guard let child = try? ChildProcess(executable: voz.path, arguments: arguments, environment: environment)
        else { return .finished }
        defer { child.closePipes() }
        let deadline = ContinuousClock.now.advanced(by: .seconds(hangLimit))
        while !child.hasEnded, ContinuousClock.now < deadline {
            _ = child.read(for: ContinuousClock.now.duration(to: deadline))
        }
        guard let exit = child.exit else {
            child.kill()
            return .hung
        }
        if case .signalled(let signal) = exit { return .crashed(signal: signal) }
        return .finished
    }
}
