import Foundation
import VozFuzzing
import VozKit
import VozTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Runs one input through the real `voz` binary, as a user's files and typing reach it: `voz audit FORM`,
/// `voz reply`, `voz audit --transcript`, `voz run --answers`, `voz form --openapi FILE --operation ID` and
/// `voz audit --openapi FILE` (`voz form --schema` for a schema). A signal is a crash; five seconds is a hang.
final class CLIRunner {
    enum Outcome {
        case finished
        case crashed(signal: Int32)
        case hung
        /// A raw control character reached standard output.
        case leaked
        /// Not run: the description points outside the fuzz temp folder (an address, or another file).
        case skipped
    }

    private let hangLimit: Double
    private let voz: URL
    let folder: URL
    private let form: String
    /// The loopback server rich form cases are sent to, started with the first of them.
    private var startedServer: EchoHTTPServer?
    var richServer: EchoHTTPServer? {
        if startedServer == nil {
            startedServer = try? EchoHTTPServer(recordFile: folder.appendingPathComponent("requests.jsonl"))
        }
        return startedServer
    }

    /// How long `voz` may run whatever processor time it spends: six times the limit.
    static func wallCeiling(_ hangLimit: Double) -> Double { hangLimit * 6 }

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
        startedServer?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    func run(_ target: FuzzTarget, _ input: Data) async -> Outcome {
        switch target {
        case .openAPIYAML, .openAPIJSON, .jsonSchema: return await runSpec(target, input)
        case .specialReferences: return runSpecialReferences(input)
        default: return runFile(target, input)
        }
    }

    /// A description, written beside the `refs/` tree, after the same load in process has shown that it reads
    /// nothing outside the folder: `voz` then never reaches the network or another file.
    private func runSpec(_ target: FuzzTarget, _ input: Data) async -> Outcome {
        let loader = FuzzSpecLoader(folder: specFolder, name: FuzzRunner.specName(target), input: Array(input))
        let path = loader.path(of: FuzzRunner.specName(target))
        guard let document = try? await SpecDocument.load(path, loader: loader), loader.escaped.isEmpty else {
            return loader.escaped.isEmpty
                ? runSpecFile(path, input, arguments: ["audit", "--openapi", path]) : .skipped
        }
        if target == .jsonSchema {
            return runSpecFile(path, input, arguments: ["form", "--schema", path, "--url", "http://127.0.0.1:9/"])
        }
        let operations = FuzzRunner.operations(of: document)
        if let operation = operations.first {
            let outcome = runSpecFile(path, input, arguments: ["form", "--openapi", path, "--operation", operation])
            guard case .finished = outcome else { return outcome }
        }
        return runSpecFile(path, input, arguments: ["audit", "--openapi", path, "--format", "json"])
    }

    private func runSpecFile(_ path: String, _ input: Data, arguments: [String]) -> Outcome {
        if !wroteTree {
            FuzzSpecLoader(folder: specFolder, name: "", input: []).writeTree()
            wroteTree = true
        }
        try? input.write(to: URL(fileURLWithPath: path))
        return launch(arguments)
    }

    /// A description with special references in the scene's folder: `voz audit --openapi` must end within the
    /// hang limit, the scene's server answering its remote references.
    private func runSpecialReferences(_ input: Data) -> Outcome {
        guard let scene = SpecialReferenceScene.shared else { return .skipped }
        let path = scene.write(input, as: "cli-input.yaml")
        return launch(["audit", "--openapi", path, "--format", "json"])
    }

    private var wroteTree = false
    /// Only the description and the `refs/` tree: the other targets' files beside them count as outside.
    private var specFolder: URL { folder.appendingPathComponent("spec") }

    private func runFile(_ target: FuzzTarget, _ input: Data) -> Outcome {
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
        // The hostile scenes (hops, state files, echoes) run in process only: their oracles read what the library said, sent and wrote.
        case .openAPIYAML, .openAPIJSON, .jsonSchema, .richForm, .specialReferences, .echoes, .hops, .stateFiles:
            return .skipped
        case .recording:
            return launch(["audit", "--recording", file.path], checkingOutput: true)
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
    private func launch(_ arguments: [String], checkingOutput: Bool = false) -> Outcome {
        let (outcome, output, _) = capture(arguments, home: folder)
        if case .finished = outcome, checkingOutput, FuzzRunner.firstRawControl(in: output) != nil { return .leaked }
        return outcome
    }

    /// Runs `voz` with `home` as its home (state and configuration under it) and `extra` in its environment, and
    /// returns how it ended with what it wrote to each stream.
    func capture(
        _ arguments: [String], home: URL, extra: [String: String] = [:]
    ) -> (outcome: Outcome, output: [UInt8], error: [UInt8]) {
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "LANG": "C.UTF-8",
        ].merging(extra) { $1 }
        guard let child = try? ChildProcess(executable: voz.path, arguments: arguments, environment: environment)
        else { return (.finished, [], []) }
        defer { child.closePipes() }
        // Held to the hang limit in processor time, as the in-process inputs are, with a wall-clock ceiling for a
        // `voz` blocked for good.
        var (output, error): ([UInt8], [UInt8]) = ([], [])
        let ceiling = ContinuousClock.now.advanced(by: .seconds(Self.wallCeiling(hangLimit)))
        while child.exit == nil, ContinuousClock.now < ceiling,
            (ProcessCPUTime.seconds(of: child.pid) ?? 0) <= hangLimit
        {
            let got = child.readToEnd(upTo: .milliseconds(250))
            output += got.output
            error += got.error
        }
        guard let exit = child.exit else {
            child.kill()
            return (.hung, output, error)
        }
        if case .signalled(let signal) = exit { return (.crashed(signal: signal), output, error) }
        return (.finished, output, error)
    }
}
