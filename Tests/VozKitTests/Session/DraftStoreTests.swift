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

    /// A drafts folder planted as a link to another folder (`~/Documents`) is never written to, read, or emptied
    /// through: the file of the same name there is neither overwritten by a save nor deleted after a send.
    @Test func aDraftsFolderThatIsASymbolicLinkIsRefused() throws {
        let root = folder()
        let documents = root + "/Documents"
        try PrivateFile.makeFolder(documents)
        #expect(FileManager.default.createFile(atPath: documents + "/f.json", contents: Data("keep".utf8)))
        try PrivateFile.makeFolder(root + "/state")
        try FileManager.default.createSymbolicLink(atPath: root + "/state/drafts", withDestinationPath: documents)
        let store = DraftStore(folder: root + "/state/drafts", within: root + "/state")
        #expect(throws: PrivateFile.Failure.isSymbolicLink(path: root + "/state/drafts")) {
            try store.save(Draft(formID: "f", answers: ["a": "b"], savedAt: 1))
        }
        #expect(store.load(formID: "f") == nil)
        store.delete(formID: "f")
        #expect(FileManager.default.contents(atPath: documents + "/f.json") == Data("keep".utf8))
    }

    /// The state folder above the drafts is Voz's own as well: a link there is refused, its target untouched.
    @Test func aStateFolderThatIsASymbolicLinkIsRefused() throws {
        let root = folder()
        try PrivateFile.makeFolder(root + "/elsewhere")
        _ = chmod(root + "/elsewhere", 0o755)
        try FileManager.default.createSymbolicLink(atPath: root + "/voz", withDestinationPath: root + "/elsewhere")
        let store = DraftStore(folder: root + "/voz/drafts", within: root + "/voz")
        #expect(throws: PrivateFile.Failure.isSymbolicLink(path: root + "/voz")) {
            try store.save(Draft(formID: "f", answers: ["a": "b"], savedAt: 1))
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/elsewhere/drafts"))
        let attributes = try FileManager.default.attributesOfItem(atPath: root + "/elsewhere")
        #expect((attributes[.posixPermissions] as? Int) == 0o755)
    }

    /// A draft is removed with unlink: a folder at its place keeps what it holds.
    @Test func aFolderAtADraftsPlaceIsNeverDeleted() throws {
        let store = DraftStore(folder: folder())
        let path = store.path(forForm: "f")
        try PrivateFile.makeFolder(path)
        #expect(FileManager.default.createFile(atPath: path + "/precious.txt", contents: Data("keep".utf8)))
        store.delete(formID: "f")
        #expect(FileManager.default.contents(atPath: path + "/precious.txt") == Data("keep".utf8))
        #expect(throws: PrivateFile.Failure.notAFile(path: path)) {
            try store.save(Draft(formID: "f", answers: ["a": "b"], savedAt: 1))
        }
    }

    /// A FIFO at a draft's place is not a draft: loading does not wait for a writer.
    @Test func aFIFOAtADraftsPlaceIsNoDraftAndDoesNotBlock() throws {
        let store = DraftStore(folder: folder())
        try PrivateFile.makeFolder(store.folder)
        let path = store.path(forForm: "f")
        #expect(mkfifo(path, 0o600) == 0)
        let loaded = BoundedWait.run(within: 5, release: { Self.releaseReader(of: path) }) {
            store.load(formID: "f") == nil
        }
        #expect(loaded == true, "loading a draft waited on a pipe")
    }

    private static func releaseReader(of path: String) {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK)
        if descriptor >= 0 { close(descriptor) }
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
