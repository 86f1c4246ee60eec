import Foundation
import Synchronization

/// A private PulseAudio server with a null sink, whose monitor can be recorded: what is played through it is
/// captured exactly as it left for the speakers. Ported from the tests' `PulseServerFixture` (the bench cannot
/// import test code).
final class PulseServer: Sendable {
    static let sinkName = "vozbench"
    static let recordRate = 22050

    /// Whether the machine has the server and the recorder (`make bench` installs them).
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/pulseaudio")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/parec")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/pactl")
    }

    /// A 0700 runtime folder holding the server's socket and pid file.
    let runtime: String
    private let stopped = Mutex(false)

    /// The environment a client of this server (only) sees.
    let environment: [String: String]

    /// Starts the server and makes the null sink the default; throws when it does not come up.
    init(base: [String: String], scratch: String) throws {
        runtime = scratch + "/pulse-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        chmod(runtime, 0o700)
        var environment = base
        environment["PULSE_SERVER"] = nil
        environment["PULSE_RUNTIME_PATH"] = nil
        environment["XDG_RUNTIME_DIR"] = runtime
        self.environment = environment
        // A server left behind by a crashed bench exits by itself once it has been idle for a while.
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

    /// Stops the server by its pid and removes its folder; safe to call twice.
    func stop() {
        let first = stopped.withLock { old in
            defer { old = true }
            return !old
        }
        guard first else { return }
        if let text = try? String(contentsOfFile: runtime + "/pulse/pid", encoding: .utf8),
            let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
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

    private static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError.failed("\(path) exited with \(process.terminationStatus)")
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
        // A 2 ms fragment: arrival times, the only clock the capture has, are as fine as the hand-overs.
        process.arguments = [
            "-d", device, "--format=s16le", "--rate=\(rate)", "--channels=1", "--latency-msec=2", "--raw",
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
                let data = reader.availableData
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

    /// How many samples have arrived so far.
    var count: Int { state.withLock { $0.samples.count } }

    /// Whether the last `duration` of what arrived is silent.
    func isQuiet(for duration: Duration) -> Bool {
        let window = Int(duration.seconds * Double(rate))
        return state.withLock { state in
            guard state.samples.count >= window else { return false }
            return LoudWindows.rms(state.samples[(state.samples.count - window)...]) < LoudWindows.floor
        }
    }

    /// Stops `parec` and returns everything captured, with each chunk's arrival time and running total.
    func stop() -> Capture {
        process.terminate()
        _ = finished.wait(timeout: .now() + 2)
        return state.withLock { Capture(samples: $0.samples, arrivals: $0.arrivals, rate: rate) }
    }
}
