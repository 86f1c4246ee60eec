import Foundation
import VozKit
import VozTestSupport

/// A private speech-dispatcher on its own socket, speaking through a `PulseServerFixture` with its eSpeak NG module.
/// Ported from the tests' `SpeechdServerFixture` (the bench cannot import test code).
final class SpeechdServer {
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/speech-dispatcher")
            && FileManager.default.isExecutableFile(atPath: "/usr/lib/speech-dispatcher-modules/sd_espeak-ng")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/spd-say")
    }

    let folder: String
    let socket: String
    private let process: ChildProcess
    /// What a client of this server and of its sound server sees.
    let environment: [String: String]

    init(pulse: PulseServerFixture, scratch: String) throws {
        folder = scratch + "/speechd-\(UUID().uuidString.prefix(8))"
        socket = folder + "/speechd.sock"
        let config = folder + "/conf"
        try FileManager.default.createDirectory(atPath: config + "/modules", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/log", withIntermediateDirectories: true)
        try """
        CommunicationMethod "unix_socket"
        SocketPath "\(socket)"
        LogLevel 2
        LogDir "\(folder)/log"
        AudioOutputMethod "pulse"
        AudioPulseMinLength 10
        AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
        DefaultModule espeak-ng
        DefaultLanguage "es"

        """.write(toFile: config + "/speechd.conf", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            atPath: "/etc/speech-dispatcher/modules/espeak-ng.conf", toPath: config + "/modules/espeak-ng.conf")
        // speech-dispatcher and spd-say exit when setlocale fails, as it does for the bench's es_ES where the
        // machine has no such locale.
        var environment = pulse.environment
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = nil
        process = try ChildProcess(
            "/usr/bin/speech-dispatcher", ["-s", "-t", "0", "-C", config, "-c", "unix_socket", "-S", socket],
            environment: environment, captureOutput: false)
        environment["SPEECHD_ADDRESS"] = "unix_socket:" + socket
        self.environment = environment
        let deadline = ContinuousClock.now + .seconds(20)
        while !FileManager.default.fileExists(atPath: socket) {
            guard ContinuousClock.now < deadline else {
                stop()
                throw BenchError.failed("speech-dispatcher did not start")
            }
            usleep(20_000)
        }
    }

    /// Stops speech-dispatcher (killed if it lingers) and removes its folder.
    func stop() {
        process.signal(SIGTERM)
        usleep(300_000)
        process.signal(SIGKILL)
        _ = process.wait()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
