import Foundation
import Synchronization
import VozProcess

#if canImport(Glibc)
    import Glibc
#endif

/// A private speech-dispatcher on its own socket, speaking through a private PulseAudio's null sink with its
/// eSpeak NG module, started for one test or bench figure and always stopped.
public final class SpeechdServerFixture: Sendable {
    /// Whether the machine has speech-dispatcher, its eSpeak NG module and spd-say (`make test` installs them).
    public static var available: Bool {
        PulseServerFixture.available
            && ["/usr/bin/speech-dispatcher", "/usr/lib/speech-dispatcher-modules/sd_espeak-ng", "/usr/bin/spd-say"]
                .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The sound server speech-dispatcher plays through; its monitor records what was heard.
    public let pulse: PulseServerFixture
    public let folder: String
    public let socket: String
    private let ownsPulse: Bool
    private let process: ChildProcess
    private let stopped = Mutex(false)

    /// What a client of this server (and of its sound server) sees.
    public var environment: [String: String] {
        var environment = pulse.environment
        environment["SPEECHD_ADDRESS"] = "unix_socket:" + socket
        return environment
    }

    /// Starts both as `init()` does, from async code: the start waits for two daemons, on a thread of its own
    /// rather than one of the few a test run's async work shares.
    public static func start() async throws -> SpeechdServerFixture {
        try await onOwnThread { try SpeechdServerFixture() }
    }

    /// Starts a PulseAudio of its own, then speech-dispatcher, as a test needs.
    public convenience init() throws {
        try self.init(pulse: try PulseServerFixture(), ownsPulse: true)
    }

    /// Starts speech-dispatcher through `pulse` (which the caller keeps and stops), with a config whose socket path
    /// is the one on its command line, in a new folder below `scratch`; returns once the socket answers.
    public convenience init(pulse: PulseServerFixture, scratch: String, defaultLanguage: String = "en") throws {
        try self.init(pulse: pulse, ownsPulse: false, scratch: scratch, defaultLanguage: defaultLanguage)
    }

    private init(
        pulse: PulseServerFixture, ownsPulse: Bool, scratch: String = NSTemporaryDirectory(),
        defaultLanguage: String = "en"
    ) throws {
        self.pulse = pulse
        self.ownsPulse = ownsPulse
        let folder = (scratch.hasSuffix("/") ? scratch : scratch + "/") + "voz-speechd-\(UUID().uuidString.prefix(8))"
        let socket = folder + "/speechd.sock"
        self.folder = folder
        self.socket = socket
        do {
            let config = try Self.writeConfig(in: folder, socket: socket, defaultLanguage: defaultLanguage)
            // speech-dispatcher exits when setlocale fails (a LANG naming a locale the machine lacks).
            var own = pulse.environment
            own["LANG"] = "C.UTF-8"
            own["LC_ALL"] = nil
            process = try ChildProcess(
                executable: "/usr/bin/speech-dispatcher",
                arguments: ["-s", "-t", "0", "-C", config, "-c", "unix_socket", "-S", socket], environment: own,
                output: .null, error: .null, newProcessGroup: true)
        } catch {
            if ownsPulse { pulse.stop() }
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        // The socket file exists as soon as it is bound, before the server listens: wait for a connection.
        let answered = SystemPollingClock().poll(for: .seconds(20), every: .milliseconds(20)) {
            Self.answers(socket) || process.hasEnded
        }
        guard answered, Self.answers(socket) else {
            stop()
            throw PulseServerFixture.Failure(description: "the private speech-dispatcher did not start")
        }
    }

    /// Writes a config whose socket path is `socket`, with Debian's eSpeak NG module settings (so the rate mapping
    /// is the one users have), in `folder`; returns the config folder.
    private static func writeConfig(in folder: String, socket: String, defaultLanguage: String) throws -> String {
        let config = folder + "/conf"
        try FileManager.default.createDirectory(atPath: config + "/modules", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/log", withIntermediateDirectories: true)
        let settings = """
            CommunicationMethod "unix_socket"
            SocketPath "\(socket)"
            LogLevel 2
            LogDir "\(folder)/log"
            AudioOutputMethod "pulse"
            AudioPulseMinLength 10
            AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
            DefaultModule espeak-ng
            DefaultLanguage "\(defaultLanguage)"

            """
        try settings.write(toFile: config + "/speechd.conf", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            atPath: "/etc/speech-dispatcher/modules/espeak-ng.conf", toPath: config + "/modules/espeak-ng.conf")
        return config
    }

    deinit {
        stop()
    }

    private static func answers(_ path: String) -> Bool {
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8.prefix(107)) + [0]
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }

    /// Stops speech-dispatcher (and its module), and the sound server when it started it; safe to call twice.
    public func stop() {
        let first = stopped.withLock { old in
            defer { old = true }
            return !old
        }
        guard first else { return }
        kill()
        if ownsPulse { pulse.stop() }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Ends speech-dispatcher now, as a crash or a logout would, leaving the sound server running. Its eSpeak NG
    /// module exits when its pipe to the server closes.
    public func kill() {
        guard !process.hasEnded else { return }
        // To speech-dispatcher alone, not its group: the module is left to notice, as after a real crash.
        process.signal(SIGTERM)
        // With a client still connected, speech-dispatcher takes seconds to close its modules on SIGTERM.
        _ = SystemPollingClock().poll(for: .milliseconds(300), every: .milliseconds(10)) { process.hasEnded }
        process.signal(SIGKILL)
        process.wait()
    }
}
