import Foundation
import Synchronization
import Testing

@testable import VozAnnouncer
@testable import VozKit
@testable import VozTranscript

/// Real eSpeak NG, watched on its way in: records each utterance's text, then says it.
final class WatchedEngine: SpeechEngine {
    let engine: EspeakEngine
    private let said = Mutex<[String]>([])
    var texts: [String] { said.withLock { $0 } }

    init(_ engine: EspeakEngine) {
        self.engine = engine
    }

    var sampleRate: Int { engine.sampleRate }

    func speak(_ utterance: Utterance) async -> UtteranceOutcome {
        said.withLock { $0.append(utterance.text) }
        return await engine.speak(utterance)
    }

    func interrupt(through number: Int) { engine.interrupt(through: number) }
    func drain() async { await engine.drain() }
    func file(forUtterance number: Int) -> String? { engine.file(forUtterance: number) }
}

extension SpeechSuites {
    /// The announcer is the last stop before the terminal, the transcript and the voice: whatever a caller forgot
    /// to clean, none of them receives an escape sequence, a control character or a direction override.
    @Suite struct AnnouncerSanitizingTests {
        @Test func nothingRawReachesTheLineTheTranscriptOrTheEngine() async throws {
            let directory = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let sink = RecordingAudioSink()
            let engine = WatchedEngine(
                try await SpeechTestSupport.engine(VoiceParameters(voice: "es+voz-es", rate: 175), sink: sink))
            let lines = RecordingLines()
            let transcript = try TranscriptWriter(path: directory + "/t.jsonl")
            let announcer = Announcer(engine: engine, lines: lines, transcript: transcript)

            await announcer.announce(
                Announcement("\u{1B}]52;c;ZWNobyBwd25lZA==\u{07}Hola\u{1B}[2J \u{202E}mundo\u{202C}\u{0}.\u{9B}31m"))
            await announcer.record(TranscriptEvent(time: 0, kind: .input, text: "ana\u{1B}]0;title\u{07}@example.com"))
            await announcer.drain()
            transcript.close()

            #expect(lines.lines == ["Hola mundo."])
            #expect(engine.texts == ["Hola mundo."])
            let events = try TranscriptReader.read(path: directory + "/t.jsonl")
            #expect(events.compactMap(\.text) == ["Hola mundo.", "ana@example.com"])
            #expect(sink.recordings.first.map { $0.samples.count > 1000 } == true, "it was said")
        }
    }
}
