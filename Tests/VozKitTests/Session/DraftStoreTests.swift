import Foundation
import Testing

@testable import VozKit
@testable import VozSession
@testable import VozSubmission
@testable import VozSupport

/// A class so each test's folder goes in `deinit`, which runs also when the test fails.
@Suite final class DraftStoreTests {
    private let base = FileManager.default.temporaryDirectory.appendingPathComponent("voz-drafts-\(UUID().uuidString)")
        .path

    deinit {
        try? FileManager.default.removeItem(atPath: base)
    }

    private func folder() -> String {
        base + "/\(UUID().uuidString)"
    }

    @Test func savesPrivatelyAndLoadsBack() throws {
        let store = DraftStore(folder: folder() + "/drafts")
        let fingerprint = try #require(PayloadFingerprint(stored: "$y$j9T$salt$hash"))
        let attempt = PendingAttempt(key: IdempotencyKey("k-1"), fingerprint: fingerprint, sentAt: 2)
        let draft = Draft(formID: "crear-cuenta", answers: ["name": "Ana"], pendingAttempts: [attempt], savedAt: 1)
        try store.save(draft)
        #expect(store.load(formID: "crear-cuenta") == draft)
        let attributes = try FileManager.default.attributesOfItem(atPath: store.path(forForm: "crear-cuenta"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: store.folder)
        #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
        store.delete(formID: "crear-cuenta")
        #expect(store.load(formID: "crear-cuenta") == nil)
    }

    @Test func refusesToWriteThroughAPlantedSymbolicLink() throws {
        let store = DraftStore(folder: folder())
        try PrivateFile.makeFolder(store.folder)
        let target = store.folder + "/target"
        #expect(FileManager.default.createFile(atPath: target, contents: Data("keep".utf8)))
        try FileManager.default.createSymbolicLink(atPath: store.path(forForm: "f"), withDestinationPath: target)
        #expect(throws: PrivateFile.Failure.self) {
            try store.save(Draft(formID: "f", answers: ["a": "b"], savedAt: 1))
        }
        #expect(String(decoding: FileManager.default.contents(atPath: target) ?? Data(), as: UTF8.self) == "keep")
    }

    /// A draft written before pending attempts existed still gives its answers back.
    @Test func aDraftFromBeforePendingAttemptsStillLoads() throws {
        let store = DraftStore(folder: folder())
        try PrivateFile.replace(
            store.path(forForm: "f"),
            with: Data(#"{"answers":{"a":"b"},"formID":"f","pendingKey":"k-1","savedAt":1}"#.utf8))
        #expect(store.load(formID: "f") == Draft(formID: "f", answers: ["a": "b"], savedAt: 1))
    }

    @Test func fileNamesComeFromTheFormIdOnly() {
        let store = DraftStore(folder: "/tmp/d")
        #expect(store.path(forForm: "../../etc/passwd") == "/tmp/d/______etc_passwd.json")
    }
}
