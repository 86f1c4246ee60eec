import Foundation
import VozKit

/// Where everything the figures need lives: the `voz` built beside the bench, the repository's examples and
/// voices, eSpeak NG's prepared data, a scratch folder, and the environment children run with.
struct BenchContext: Sendable {
    /// The release `voz` beside this executable.
    let voz: String
    /// The repository root (the folder holding Package.swift).
    let root: String
    /// A fresh folder removed when the bench ends.
    let scratch: String
    /// The eSpeak NG data folder Voz uses (system data plus Voz's variants).
    let dataPath: String
    /// The Spanish profile's voice, as Voz speaks by default.
    let voice: VoiceParameters
    /// The environment for every child: the user's, with state and config kept in the scratch folder so no run
    /// reads a draft, a config file or a voice the user left behind.
    let environment: [String: String]

    /// The bundled Spanish form.
    var form: String { root + "/examples/crear-cuenta.json" }

    static func make() throws -> BenchContext {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let voz = folder.appendingPathComponent("voz").path
        guard FileManager.default.isExecutableFile(atPath: voz) else {
            throw BenchError.missing("voz beside voz-bench (build it with --product voz)")
        }
        var root = folder
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            guard root.path != "/" else { throw BenchError.missing("the repository root above \(folder.path)") }
            root = root.deletingLastPathComponent()
        }
        let scratch = NSTemporaryDirectory() + "voz-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch + "/state", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch + "/config", withIntermediateDirectories: true)

        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = scratch + "/state"
        environment["XDG_CONFIG_HOME"] = scratch + "/config"
        environment["LANG"] = "es_ES.UTF-8"
        for name in ["LC_ALL", "LC_MESSAGES", "VOZ_RATE", "VOZ_VOICE", "VOZ_SPEECH", "PULSE_SERVER"] {
            environment[name] = nil
        }
        let catalog = try VoiceCatalog.load(user: nil)
        let voice = try catalog.parameters(for: SpeechSettings(mode: .none), language: .es)
        guard let system = EspeakDataDirectory.systemPath(environment: environment) else {
            throw BenchError.missing("eSpeak NG's data")
        }
        let dataPath = try EspeakDataDirectory.prepare(
            system: system, variants: catalog.variants,
            cacheRoot: EspeakDataDirectory.cacheRoot(environment: environment))
        return BenchContext(
            voz: voz, root: root.path, scratch: scratch, dataPath: dataPath, voice: voice,
            environment: environment)
    }

    /// A scripted `voz demo` session that creates an account: every field answered, sent, review confirmed.
    func answersFile() throws -> String {
        let path = scratch + "/answers.txt"
        try "Ana Pérez\nana@ejemplo.com\nsecreto123\n\n\nsí\n:enviar\nsí\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Removes the scratch folder.
    func cleanUp() {
        try? FileManager.default.removeItem(atPath: scratch)
    }

    // MARK: - eSpeak NG's command line, the alternative

    /// `espeak-ng`, when installed.
    static let espeak = "/usr/bin/espeak-ng"

    /// Options that make `espeak-ng` speak with Voz's own voice, variant and settings, from the same data.
    var espeakArguments: [String] {
        [
            "-v", voice.voice, "-s", String(voice.rate), "-p", String(voice.pitch), "-a", String(voice.volume),
        ]
    }

    /// The environment for `espeak-ng`: Voz's prepared data folder, so `es+voz-es` is the same voice.
    var espeakEnvironment: [String: String] {
        var environment = self.environment
        environment["ESPEAK_DATA_PATH"] = dataPath
        return environment
    }
}
