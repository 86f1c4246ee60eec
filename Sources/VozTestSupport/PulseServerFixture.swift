import Foundation
import Synchronization
import VozProcess

#if canImport(Glibc)
    import Glibc
#endif

/// A private PulseAudio server with a null sink, started for one test or bench figure and always stopped, whose
/// monitor can be recorded: what Voz plays through it is captured exactly as it left for the speakers.
public final class PulseServerFixture: Sendable {
    public static let sinkName = "voztest"
    public static let recordRate = 22050

    /// Why the server did not come up.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Whether the machine has the server, its control tool and the recorder (`make test` installs them).
    public static var available: Bool {
        ["/usr/bin/pulseaudio", "/usr/bin/parec", "/usr/bin/pactl"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// A 0700 runtime folder holding the server's socket and pid file.
    public let runtime: String
    private let stopped = Mutex(false)

    /// The environment a client of this server (only) sees.
    public let environment: [String: String]

    /// Starts a server as `init()` does, from async code: the start waits for the daemon (a second or more on a
    /// loaded machine), on a thread of its own rather than one of the few a test run's async work shares.
    public static func start() async throws -> PulseServerFixture {
        try await onOwnThread { try PulseServerFixture() }
    }

    /// Starts the server in a new folder below `scratch` and makes the null sink the default; throws when it does
    /// not come up. `base` is the environment the server's clients start from.
    public init(
        base: [String: String] = ProcessInfo.processInfo.environment, scratch: String = NSTemporaryDirectory()
    ) throws {
        runtime = (scratch.hasSuffix("/") ? scratch : scratch + "/") + "voz-pulse-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        chmod(runtime, 0o700)
        var environment = base
        environment["PULSE_SERVER"] = nil
        environment["PULSE_RUNTIME_PATH"] = nil
        environment["XDG_RUNTIME_DIR"] = runtime
        self.environment = environment
        do {
            // A server left behind by a crashed run exits by itself once it has been idle for a while.
            try Self.run(
                "/usr/bin/pulseaudio",
                [
                    "--daemonize=yes", "--exit-idle-time=20", "-n", "--load=module-native-protocol-unix",
                    "--load=module-null-sink sink_name=\(Self.sinkName)", "--load=module-always-sink",
                ],
                environment: environment)
            try Self.run("/usr/bin/pactl", ["set-default-sink", Self.sinkName], environment: environment)
        } catch {
            stop()
            throw error
        }
    }

    deinit {
        stop()
    }

    /// The server's process id, from its pid file.
    public var pid: Int32? {
        (try? String(contentsOfFile: runtime + "/pulse/pid", encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Stops the server by its pid and removes its folder; safe to call twice.
    public func stop() {
        let first = stopped.withLock { old in
            defer { old = true }
            return !old
        }
        guard first else { return }
        if let pid {
            kill(pid, SIGTERM)
            _ = SystemPollingClock().poll(for: .seconds(3), every: .milliseconds(10)) { kill(pid, 0) != 0 }
            if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
        }
        try? FileManager.default.removeItem(atPath: runtime)
    }

    /// Starts recording the null sink's monitor; stop the recorder to get the samples. A shorter latency makes
    /// arrival times finer, at the cost of more wake-ups.
    public func record(latencyMilliseconds: Int = 10) throws -> MonitorRecorder {
        try MonitorRecorder(
            environment: environment, device: Self.sinkName + ".monitor", rate: Self.recordRate,
            latencyMilliseconds: latencyMilliseconds)
    }

    /// Runs a helper program to its end; throws when it fails. Its output goes to /dev/null and it shares this
    /// process's group, not `ChildProcess.run`'s pipes and group: the daemon `pulseaudio --daemonize` leaves behind
    /// must outlive the run, and must not hold a pipe this side closes.
    public static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws {
        let child = try ChildProcess(
            executable: path, arguments: arguments, environment: environment, output: .null, error: .null)
        // Bounded, for a server that never says it is ready; a loaded machine takes a second or more.
        let exit = child.wait(upTo: .seconds(60))
        guard exit == .exited(0) else {
            throw Failure(description: "\(path) ended with \(exit.map(\.description) ?? "no end")")
        }
    }
}
