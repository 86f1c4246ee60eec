import Foundation
import Synchronization

@testable import VozKit

/// A private PulseAudio server with a null sink, started for one test and always stopped, whose monitor can be
/// recorded: what Voz plays through it is captured exactly as it left for the speakers.
final class PulseServerFixture: Sendable {
    static let sinkName = "voztest"
    static let recordRate = 22050

    /// Whether the machine has the server and the recorder (`make test` installs them).
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/pulseaudio")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/parec")
    }

    /// A 0700 runtime folder holding the server's socket and pid file.
    let runtime: String
    private let stopped = Mutex(false)

    /// The environment a client of this server (only) sees.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PULSE_SERVER"] = nil
        environment["PULSE_RUNTIME_PATH"] = nil
        environment["XDG_RUNTIME_DIR"] = runtime
        return environment
    }

    /// Starts the server and makes the null sink the default; throws when it does not come up.
    init() throws {
        runtime = SpeechTestSupport.temporaryDirectory("pulse")
        chmod(runtime, 0o700)
        // A server left behind by a crashed test run exits by itself once it has been idle for a while.
        try Self.run(
            "/usr/bin/pulseaudio",
            [
                "--daemonize=yes", "--exit-idle-time=20", "-n", "--load=module-native-protocol-unix",
                "--load=module-null-sink sink_name=\(Self.sinkName)", "--load=module-always-sink",
            ],
            environment: environment)
        try Self.run("/usr/bin/pactl", ["set-default-sink", Self.sinkName], environment: environment)
    }

    deinit {
        stop()
    }

    /// The server's process id, from its pid file.
    var pid: Int32? {
        (try? String(contentsOfFile: runtime + "/pulse/pid", encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Stops the server by its pid and removes its folder; safe to call twice.
    func stop() {
        guard
            stopped.withLock({ old in
                defer { old = true }; return !old
            })
        else { return }
        if let pid {
            kill(pid, SIGTERM)
            let deadline = ContinuousClock.now + .seconds(3)
            while kill(pid, 0) == 0, ContinuousClock.now < deadline { usleep(10_000) }
            if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
        }
        try? FileManager.default.removeItem(atPath: runtime)
    }

    /// Starts recording the null sink's monitor; stop the recorder to get the samples.
    func record() throws -> MonitorRecorder {
        try MonitorRecorder(environment: environment, device: Self.sinkName + ".monitor", rate: Self.recordRate)
    }

    static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SpeechError.noAudioDevice(detail: "\(path) exited with \(process.terminationStatus)")
        }
    }
}

/// `parec` on a monitor source, read as it arrives so each chunk carries the time it was captured.
final class MonitorRecorder: Sendable {
    private struct State {
        var samples: [Int16] = []
        var arrivals: [(at: ContinuousClock.Instant, count: Int)] = []
        var pending: [UInt8] = []
    }

    let rate: Int
    private let process: Process
    private let state = Mutex(State())
    private let finished = DispatchSemaphore(value: 0)

    init(environment: [String: String], device: String, rate: Int) throws {
        self.rate = rate
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/parec")
        process.arguments = [
            "-d", device, "--format=s16le", "--rate=\(rate)", "--channels=1", "--latency-msec=10", "--raw",
        ]
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        self.process = process
        let reader = pipe.fileHandleForReading
        try process.run()
        Thread.detachNewThread { [self] in
            while true {
                let data = reader.readSomeRetrying()
                if data.isEmpty { break }
                let now = ContinuousClock.now
                self.state.withLock { state in
                    state.pending.append(contentsOf: data)
                    let whole = state.pending.count / 2 * 2
                    var chunk = [Int16](repeating: 0, count: whole / 2)
                    chunk.withUnsafeMutableBytes { $0.copyBytes(from: state.pending[0..<whole]) }
                    state.pending.removeFirst(whole)
                    state.samples.append(contentsOf: chunk)
                    state.arrivals.append((now, state.samples.count))
                }
            }
            self.finished.signal()
        }
    }

    /// Everything captured so far.
    var snapshot: [Int16] { state.withLock { $0.samples } }

    /// Stops `parec` and returns everything captured, with each chunk's arrival time and running total.
    func stop() -> (samples: [Int16], arrivals: [(at: ContinuousClock.Instant, count: Int)]) {
        process.terminate()
        _ = finished.wait(timeout: .now() + 2)
        return state.withLock { ($0.samples, $0.arrivals) }
    }
}
