import Foundation

@testable import VozKit
@testable import VozSpeech

/// Shared helpers for the speech tests: temporary folders and the eSpeak NG data path.
enum SpeechTestSupport {
    /// Whether `/usr/bin/unshare arguments` runs and exits 0: the namespaces a test asks for are allowed here.
    static func unshareSucceeds(_ arguments: [String]) -> Bool {
        let run = try? ChildProcess.runBlocking(executable: "/usr/bin/unshare", arguments: arguments)
        return run?.exit == .exited(0)
    }

    /// A fresh empty folder under the temporary directory.
    static func temporaryDirectory(_ name: String = #function) -> String {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let path = NSTemporaryDirectory() + "voz-speech-\(safe)-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The data folder every engine of the test process uses: the same one `voz` would prepare.
    static func dataPath() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        guard let system = EspeakDataDirectory.systemPath(environment: environment) else {
            throw SpeechError.engineUnavailable(detail: "no eSpeak NG data")
        }
        let catalog = try VoiceCatalog.load(user: nil)
        return try EspeakDataDirectory.prepare(
            system: system, variants: catalog.variants,
            cacheRoot: EspeakDataDirectory.cacheRoot(environment: environment))
    }

    /// The repository's `voices/` folder, found from this file.
    static var repositoryVoices: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("voices").path
    }

    /// An engine rendering with `parameters` to `sink`.
    static func engine(_ parameters: VoiceParameters, sink: any AudioSink) async throws -> EspeakEngine {
        try await EspeakEngine(parameters: parameters, sink: sink, dataPath: dataPath())
    }
}
