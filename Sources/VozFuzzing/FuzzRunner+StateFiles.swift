import Foundation
import VozKit
import VozTranscript

#if canImport(Glibc)
    import Glibc
#endif

/// Links, pipes, sockets, devices and folders in the state folder and at the outputs: the case's plants
/// are made in a fresh `StateFileScene`, then its operations run through the code `voz` uses (`DraftStore`,
/// `DraftLock`, also taken twice as two runs at once take it, `FileTechnicalLog`, `TranscriptWriter`,
/// `WavFileSink`, `CastFileWriter`), and the scene's oracle is checked.
extension FuzzRunner {
    public static func runStateFiles(_ input: Data) {
        guard let stateCase = StateFileCase(input) else { return }
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("voz-fuzz-\(getpid())")
        if let breach = stateFileBreach(stateCase, parent: parent) { fatalError("state-files: \(breach)") }
    }

    /// Why the case breaks the scene's oracle, or nil.
    public static func stateFileBreach(_ stateCase: StateFileCase, parent: URL, index: Int = 0) -> String? {
        guard let scene = try? StateFileScene(parent: parent, index: index) else { return nil }
        defer { scene.remove() }
        let planted = scene.plant(stateCase.plants)
        let before = scene.snapshot(planted)
        let clock = ContinuousClock()
        for operation in stateCase.operations {
            let start = clock.now
            if let breach = run(operation, in: scene) { return "\(operation): \(breach) [plants: \(planted)]" }
            let spent = start.duration(to: clock.now)
            if spent > StateFileScene.slowLimit { return "\(operation) took \(spent) [plants: \(planted)]" }
            if let change = scene.change(from: before, to: scene.snapshot(planted)) {
                return "\(operation): \(change) [plants: \(planted)]"
            }
        }
        return nil
    }

    /// What a key read from a draft may be: 1 to 255 characters of visible ASCII.
    static func isStorableKey(_ key: String) -> Bool {
        (1...255).contains(key.utf8.count) && key.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// Runs one operation; says what broke the oracle that only the operation itself can see.
    private static func run(_ operation: String, in scene: StateFileScene) -> String? {
        let state = scene.root.appendingPathComponent("state/voz").path
        let store = DraftStore(folder: state + "/drafts", within: state)
        let out = scene.root.appendingPathComponent("out").path
        switch operation {
        case "draft-save":
            let draft = Draft(formID: "fuzz", answers: ["name": "Ana"], savedAt: 1)
            guard (try? store.save(draft)) != nil else { return nil }
            var info = stat()
            let path = store.path(forForm: "fuzz")
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o777 == 0o600 else {
                return "a saved draft is not a regular file of mode 0600"
            }
        case "draft-load":
            guard let draft = store.load(formID: "fuzz") else { return nil }
            if draft.answers.values.contains(scene.canaryWord) { return "the canary was read as a draft" }
            // Keys read from disk are outside input: only printable ASCII, bounded, ever reaches a header.
            if let key = draft.pendingAttempts.map(\.key.value).first(where: { !Self.isStorableKey($0) }) {
                return "a pending send's key \(key.debugDescription) was read from a draft"
            }
        case "draft-save-full":
            // A full disk (root only: a small tmpfs, filled): the save fails as a full disk, the draft stays whole.
            return FullDiskScene.shared?.saveBreach(answerBytes: 8_192, attempts: 3)
        case "draft-delete":
            store.delete(formID: "fuzz")
        case "draft-lock":
            _ = try? DraftLock.take(store, formID: "fuzz")
        case "two-runs":
            // A second run of the same form while the first holds its draft is refused, whatever is planted.
            guard let first = try? DraftLock.take(store, formID: "fuzz") else { return nil }
            defer { withExtendedLifetime(first) {} }
            if (try? DraftLock.take(store, formID: "fuzz")) != nil { return "two runs held the same draft at once" }
        case "state-log":
            let log = try? FileTechnicalLog(environment: [
                "XDG_STATE_HOME": scene.root.appendingPathComponent("state").path
            ])
            log?.write(TechnicalLogEntry(event: "fuzz"))
        case "named-log":
            (try? FileTechnicalLog(path: out + "/named.log"))?.write(TechnicalLogEntry(event: "fuzz"))
        case "transcript":
            let transcript = try? TranscriptWriter(path: out + "/transcript.jsonl")
            transcript?.write(TranscriptEvent(time: 0, kind: .announcement, text: "hola"))
            transcript?.close()
        case "wav-file", "wav-folder":
            let destination: WavFileSink.Destination =
                operation == "wav-file" ? .file(out + "/voice.wav") : .directory(out + "/wavs")
            guard let sink = try? WavFileSink(destination), (try? sink.begin(utterance: 1, sampleRate: 22_050)) != nil
            else { return nil }
            let samples: [Int16] = [0, 100, -100, 0]
            _ = samples.withUnsafeBufferPointer { sink.write($0) }
            sink.end(interrupted: false)
        default:
            let path = out + "/session.cast"
            guard let writer = try? CastFileWriter(path: path) else { return nil }
            let event = CastRecording.Event(time: 0.1, code: "o", data: "hola")
            writer.append(event)
            try? writer.finish(CastRecording(path: path, width: 80, height: 24, events: [event]))
        }
        return nil
    }
}
