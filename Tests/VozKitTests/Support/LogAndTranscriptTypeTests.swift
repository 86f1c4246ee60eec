import Foundation
import Testing

@testable import VozAnnouncer
@testable import VozKit
@testable import VozReplies
@testable import VozSupport
@testable import VozTranscript

/// The technical log and the transcript change only regular files: a FIFO at their place is refused at once
/// instead of holding the run, a device the person names is written to and never chmod-ed, and a symbolic link at
/// the state folder is refused rather than having its target narrowed.
@Suite final class LogAndTranscriptTypeTests {
    private let base = FileManager.default.temporaryDirectory.appendingPathComponent("voz-types-\(UUID().uuidString)")
        .path

    init() throws {
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: base)
    }

    private static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    @Test func aFIFOAtTheDefaultLogsPlaceIsRefusedWithoutWaiting() throws {
        let state = base + "/voz"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        #expect(mkfifo(state + "/voz.log", 0o600) == 0)
        let environment = ["XDG_STATE_HOME": base]
        let outcome = BoundedWait.run(within: 5, release: { BoundedWait.releaseWriter(of: state + "/voz.log") }) {
            () -> TechnicalLogError? in
            do throws(TechnicalLogError) {
                _ = try FileTechnicalLog(environment: environment)
                return nil
            } catch {
                return error
            }
        }
        #expect(outcome == .some(.notAFile(path: state + "/voz.log")), "opening the log waited for a reader")
    }

    @Test func aFIFONamedForTheLogOrTheTranscriptIsOneSentence() throws {
        let fifo = base + "/pipe"
        #expect(mkfifo(fifo, 0o644) == 0)
        let log = BoundedWait.run(within: 5, release: { BoundedWait.releaseWriter(of: fifo) }) {
            () -> TechnicalLogError? in
            do throws(TechnicalLogError) {
                _ = try FileTechnicalLog(path: fifo)
                return nil
            } catch {
                return error
            }
        }
        #expect(log == .some(.notAFile(path: fifo)))
        let transcript = BoundedWait.run(within: 5, release: { BoundedWait.releaseWriter(of: fifo) }) {
            () -> TranscriptError? in
            do throws(TranscriptError) {
                _ = try TranscriptWriter(path: fifo)
                return nil
            } catch {
                return error
            }
        }
        #expect(transcript == .some(.notAFile(path: fifo)))
        #expect(Self.mode(fifo) == 0o644, "the pipe's mode is left alone")
    }

    /// As root, the old code narrowed /dev/null itself to 0600, breaking it for every user. A device node of the
    /// test's own (made with mknod when the test runs as root) shows it without touching the real one.
    @Test func aDeviceNamedForTheLogOrTheTranscriptIsWrittenToAndNeverChmodded() throws {
        var device = base + "/null"
        if mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) != 0 { device = "/dev/null" }
        _ = chmod(device, 0o666)
        let log = try FileTechnicalLog(path: device)
        log.write(.transportError(.timedOut, form: ServerFixtures.form, redactor: TechnicalLogTests.redactor))
        let transcript = try TranscriptWriter(path: device)
        transcript.write(TranscriptEvent(time: 0, kind: .announcement, text: "hola"))
        transcript.close()
        #expect(Self.mode(device) == 0o666)
    }

    @Test func aSymbolicLinkAtTheStateFolderIsRefusedAndItsTargetKeepsItsMode() throws {
        let victim = base + "/victim"
        try FileManager.default.createDirectory(
            atPath: victim, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileManager.default.createSymbolicLink(atPath: base + "/voz", withDestinationPath: victim)
        #expect(throws: TechnicalLogError.isSymbolicLink(path: base + "/voz")) {
            try FileTechnicalLog(environment: ["XDG_STATE_HOME": base])
        }
        #expect(Self.mode(victim) == 0o755)
        #expect(!FileManager.default.fileExists(atPath: victim + "/voz.log"))
    }

    @Test func anOldLogOrTranscriptFileIsNarrowedAndTheTranscriptEmptied() throws {
        let file = base + "/old"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("old".utf8)))
        _ = chmod(file, 0o644)
        _ = try FileTechnicalLog(path: file)
        #expect(Self.mode(file) == 0o600)
        _ = chmod(file, 0o644)
        let transcript = try TranscriptWriter(path: file)
        transcript.close()
        #expect(Self.mode(file) == 0o600)
        #expect(FileManager.default.contents(atPath: file) == Data())
    }
}
