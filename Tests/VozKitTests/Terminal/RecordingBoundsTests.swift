import Foundation
import Testing

@testable import VozKit
@testable import VozTerminal

/// A live recording keeps at most its output limit and says it was cut, and a recording written as it is made is
/// the same file as one written whole.
@Suite("Recording bounds")
struct RecordingBoundsTests {
    /// `yes` writes without end: the recording stops at the limit, says so, and its replay names the cut.
    @Test func outputPastTheLimitIsCutAndSaid() throws {
        var recorder = TerminalRecorder(timeout: .seconds(20))
        recorder.outputLimit = 4096
        let script = try KeyScript.parse("sleep 500\ntype n\n")
        let outcome = try recorder.record(
            ["yes"], script: script, environment: ["PATH": "/usr/bin:/bin"], path: "yes.cast")
        let output = outcome.recording.events.filter { $0.code == "o" }.map(\.data.utf8.count).reduce(0, +)
        #expect(outcome.recording.outputCut)
        #expect(output > 0 && output <= 4096)
        // Input after the cut is not recorded either: the recording is the run up to the cut.
        #expect(!outcome.recording.events.contains { $0.code == "i" })
        #expect(outcome.eventCount == outcome.recording.events.count)
        let timeline = ScreenReplay.replay(outcome.recording)
        let limit = try #require(timeline.limits.first { $0.kind == .output })
        #expect(limit.place.offset == output)
        #expect(limit.place.line == outcome.recording.events.count + 1)
    }

    @Test func outputWithinTheLimitIsWhole() throws {
        let script = try KeyScript.parse("wait-exit\n")
        let outcome = try TerminalRecorder(timeout: .seconds(20)).record(
            ["printf", "hello"], script: script, environment: ["PATH": "/usr/bin:/bin"], path: "hello.cast")
        #expect(!outcome.recording.outputCut)
        #expect(ScreenReplay.replay(outcome.recording).limits.isEmpty)
    }

    /// The header field survives the file: a saved recording audited later says it was cut too.
    @Test func theCutIsReadBackFromTheFile() throws {
        var recording = CastRecording(path: "cut.cast", width: 80, height: 24)
        recording.events = [CastRecording.Event(time: 0.5, code: "o", data: "y\r\n", line: 2)]
        recording.outputCut = true
        let read = try CastRecording.parse(Data(recording.text().utf8), path: "cut.cast")
        #expect(read.outputCut)
        #expect(ScreenReplay.replay(read).limits.map(\.kind) == [.output])
    }

    @Test(arguments: CastRecording.Format.allCases)
    func aRecordingWrittenAsItComesIsTheSameFile(_ format: CastRecording.Format) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-cast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var recording = CastRecording(
            path: "r.cast", width: 80, height: 24, timestamp: 1_700_000_000,
            environment: ["TERM": "xterm-256color", "SHELL": "/bin/sh"], inputEcho: [true, false])
        // Enough events to pass the writer's buffer several times, with text that needs escaping.
        for index in 0..<5_000 {
            let time = Double(index) / 7
            recording.events.append(
                CastRecording.Event(time: time, code: index % 50 == 0 ? "i" : "o", data: "line \(index) \"é\"\r\n"))
        }
        recording.outputCut = true
        let path = folder.appendingPathComponent("r.cast").path
        let writer = try CastFileWriter(path: path, format: format)
        for event in recording.events { writer.append(event) }
        try writer.finish(recording)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == recording.text(format))
        // Nothing is left beside it: the events' temporary file is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["r.cast"])
    }

    @Test func aLinkAtTheDestinationIsRefusedBeforeAnythingRuns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-cast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target")
        try Data("keep".utf8).write(to: target)
        let link = folder.appendingPathComponent("r.cast")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(throws: PrivateFile.Failure.isSymbolicLink(path: link.path)) {
            try CastFileWriter(path: link.path)
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
    }
}
