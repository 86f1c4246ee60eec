import Foundation
import Synchronization

@testable import VozKit

/// A private speech-dispatcher on its own socket, speaking through a private PulseAudio's null sink with its
/// eSpeak NG module, started for one test and always stopped.
final class SpeechdServerFixture: Sendable {
    /// Whether the machine has speech-dispatcher and its eSpeak NG module (`make test` installs them).
    static var available: Bool {
        PulseServerFixture.available
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/speech-dispatcher")
            && FileManager.default.isExecutableFile(atPath: "/usr/lib/speech-dispatcher-modules/sd_espeak-ng")
    }

    let pulse: PulseServerFixture
    let folder: String
    let socket: String
    private let process: Process
    private let stopped = Mutex(false)

    /// What a client of this server (and of its sound server) sees.
    var environment: [String: String] {
        var environment = pulse.environment
        environment["SPEECHD_ADDRESS"] = "unix_socket:" + socket
        return environment
    }

    /// Starts PulseAudio, then speech-dispatcher with a config whose socket path is the one on its command line;
    /// returns once the socket answers.
    init() throws {
        pulse = try PulseServerFixture()
        folder = SpeechTestSupport.temporaryDirectory("speechd")
        socket = folder + "/speechd.sock"
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
            DefaultLanguage "en"

            """
        try settings.write(toFile: config + "/speechd.conf", atomically: true, encoding: .utf8)
        // Debian's module settings, so the rate mapping is the one users have.
        try FileManager.default.copyItem(
            atPath: "/etc/speech-dispatcher/modules/espeak-ng.conf", toPath: config + "/modules/espeak-ng.conf")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/speech-dispatcher")
        process.arguments = ["-s", "-t", "0", "-C", config, "-c", "unix_socket", "-S", socket]
        // speech-dispatcher exits when setlocale fails (a LANG naming a locale the machine lacks).
        var own = pulse.environment
        own["LANG"] = "C.UTF-8"
        own["LC_ALL"] = nil
        process.environment = own
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        self.process = process
        do {
            try process.run()
        } catch {
            pulse.stop()
            throw error
        }
        let deadline = ContinuousClock.now + .seconds(20)
        // The socket file exists as soon as it is bound, before the server listens: wait for a connection.
        while !Self.answers(socket) {
            guard ContinuousClock.now < deadline, process.isRunning else {
                stop()
                throw SpeechError.speechdUnavailable(detail: "the test's speech-dispatcher did not start")
            }
            usleep(20_000)
        }
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

    /// Stops speech-dispatcher (and its module) and the sound server; safe to call twice.
    func stop() {
        guard
            stopped.withLock({ old in
                defer { old = true }; return !old
            })
        else { return }
        kill()
        pulse.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Ends speech-dispatcher now, as a crash or a logout would, leaving the sound server running. Its eSpeak NG
    /// module exits when its pipe to the server closes.
    func kill() {
        guard process.isRunning else { return }
        let pid = process.processIdentifier
        Glibc.kill(pid, SIGTERM)
        // With a client still connected, speech-dispatcher takes seconds to close its modules on SIGTERM.
        let deadline = ContinuousClock.now + .milliseconds(300)
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning { Glibc.kill(pid, SIGKILL) }
        process.waitUntilExit()
    }
}
