import Foundation
import Testing
import VozTestSupport

@testable import VozAnnouncer
@testable import VozKit
@testable import VozLocalization
@testable import VozTranscript

@Suite struct TranscriptTests {
    @Test func eachLineIsOnDiskAndParseableAsSoonAsItIsWritten() throws {
        let directory = SpeechTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/session.jsonl"
        let writer = try TranscriptWriter(path: path)
        writer.write(TranscriptEvent(time: 0, kind: .prompt, priority: .polite, text: "Nombre", focus: "name"))
        // Read while the writer is still open, as after a kill: the line must already be there.
        let first = try TranscriptReader.read(path: path)
        #expect(first.count == 1 && first[0].text == "Nombre" && first[0].time >= 0)
        writer.write(TranscriptEvent(time: 0, kind: .state, state: .failed, detail: "transient"))
        let both = try TranscriptReader.read(path: path)
        #expect(both.map(\.kind) == [.prompt, .state])
        #expect(both[1].time >= both[0].time)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 2 && text.hasSuffix("\n"))
    }

    /// Each line's time is the milliseconds on the transcript's clock since it was opened, rounded down.
    @Test(arguments: [
        (Duration.zero, 0), (.microseconds(999), 0), (.milliseconds(1), 1),
        (.seconds(61) + .microseconds(234_567), 61_234),
    ])
    func timesAreMillisecondsOnTheTranscriptsClock(after: Duration, milliseconds: Int) throws {
        let directory = SpeechTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let clock = ManualClock()
        clock.advance(by: .seconds(5))
        let writer = try TranscriptWriter(path: directory + "/t.jsonl", clock: clock)
        clock.advance(by: after)
        #expect(writer.elapsedMilliseconds == milliseconds)
        writer.write(TranscriptEvent(time: 0, kind: .prompt, text: "Nombre"))
        #expect(try TranscriptReader.read(path: directory + "/t.jsonl").map(\.time) == [milliseconds])
    }

    @Test func theFileIsPrivateEvenWhenItExistedBefore() throws {
        let directory = SpeechTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/old.jsonl"
        _ = FileManager.default.createFile(
            atPath: path, contents: Data("x\n".utf8), attributes: [.posixPermissions: 0o644])
        _ = try TranscriptWriter(path: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try TranscriptReader.read(path: path).isEmpty)
    }

    @Test func aHalfWrittenLastLineIsSkippedButABadLineIsNamed() throws {
        let directory = SpeechTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let good = #"{"kind":"prompt","time":1,"text":"Nombre"}"#
        try (good + "\n" + #"{"kind":"pro"#).write(toFile: directory + "/cut.jsonl", atomically: true, encoding: .utf8)
        #expect(try TranscriptReader.read(path: directory + "/cut.jsonl").count == 1)
        try (good + "\nnot json\n" + good + "\n").write(
            toFile: directory + "/bad.jsonl", atomically: true, encoding: .utf8)
        #expect(throws: TranscriptError.badLine(path: directory + "/bad.jsonl", line: 2)) {
            try TranscriptReader.read(path: directory + "/bad.jsonl")
        }
    }

    @Test func anUnwritablePathIsOneClearError() {
        #expect(throws: TranscriptError.self) { try TranscriptWriter(path: "/nonexistent-folder/t.jsonl") }
        let error = TranscriptError.cannotWrite(path: "/x/t.jsonl", detail: "ENOENT")
        #expect(error.message(Localizer(language: .es)).contains("/x/t.jsonl"))
    }
}
