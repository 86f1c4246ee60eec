import Foundation
import Synchronization
import Testing

@testable import VozAnnouncer
@testable import VozKit

/// Issue 27, section 3: a form's own words in another language than Voz's are said with that language's voice.
@Suite("The parts of an utterance in another language")
struct UtterancePartTests {
    @Test(
        "A form's words are split out of Voz's sentences, the longest first, only as whole words",
        arguments: [
            (
                "Field 1 of 2: Nombre completo, required.", ["Nombre", "Nombre completo"],
                ["Field 1 of 2: ", "[Nombre completo]", ", required."]
            ),
            ("Nombres: Ana. Nombre: Eva.", ["Nombre"], ["Nombres: Ana. ", "[Nombre]", ": Eva."]),
            ("Send it?", ["Nombre"], ["Send it?"]),
            ("Correo", ["Correo"], ["[Correo]"]),
        ])
    func split(text: String, phrases: [String], expected: [String]) {
        let parts = UtterancePart.split(text, phrases: phrases, language: "es")
        #expect(parts.map { $0.language == "es" ? "[\($0.text)]" : $0.text } == expected)
        #expect(parts.map(\.text).joined() == text)
    }

    @Test("The announcer gives a form's words their language once told, and nothing else changes")
    func announcerParts() async throws {
        let engine = PartsRecordingEngine()
        let announcer = Announcer(engine: engine, lines: RecordingLines())
        await announcer.announce(Announcement("Nombre, required.", priority: .polite))
        await announcer.speak(["Nombre"], in: .es)
        await announcer.announce(Announcement("Nombre, required.", priority: .polite))
        await announcer.drain()
        let parts = engine.spoken.withLock { $0 }
        #expect(parts.count == 2)
        #expect(parts.first == [UtterancePart(text: "Nombre, required.")])
        #expect(parts.last == [UtterancePart(text: "Nombre", language: "es"), UtterancePart(text: ", required.")])
    }

    @Test("eSpeak NG says each part with its language's voice, as long as each said alone in it")
    func espeakSwitchesVoices() async throws {
        let english = VoiceParameters(voice: "en", rate: 300)
        let spanish = VoiceParameters(voice: "es", rate: 300)
        let mixed = try await samples(
            [UtterancePart(text: "Field 1: "), UtterancePart(text: "Nombre completo", language: "es")],
            voice: english, voices: ["es": spanish])
        let alone =
            try await samples([UtterancePart(text: "Field 1: ")], voice: english, voices: [:])
            + samples([UtterancePart(text: "Nombre completo")], voice: spanish, voices: [:])
        let allEnglish = try await samples(
            [UtterancePart(text: "Field 1: Nombre completo")], voice: english, voices: [:])
        #expect(mixed.count > 1000)
        // eSpeak NG's state after a change of voice moves a few samples, so lengths are compared: the mixed
        // utterance is as long as its parts said alone in their voices, unlike the same text all in English.
        let offAlone = abs(mixed.count - alone.count)
        let offEnglish = abs(mixed.count - allEnglish.count)
        #expect(
            offAlone * 50 < mixed.count && offAlone < offEnglish, "\(mixed.count) \(alone.count) \(allEnglish.count)")
        #expect(mixed != allEnglish)
    }

    private func samples(_ parts: [UtterancePart], voice: VoiceParameters, voices: [String: VoiceParameters])
        async throws -> [Int16]
    {
        let sink = RecordingAudioSink()
        let engine = try await EspeakEngine(
            parameters: voice, sink: sink, dataPath: SpeechTestSupport.dataPath(), languageVoices: voices)
        let text = parts.map(\.text).joined()
        _ = await engine.speak(Utterance(number: 1, text: text, parts: parts))
        return sink.recordings.flatMap(\.samples)
    }
}

/// An engine that keeps the parts of what it was asked to say.
private final class PartsRecordingEngine: SpeechEngine {
    let spoken = Mutex<[[UtterancePart]]>([])
    var sampleRate: Int { 22050 }

    func speak(_ utterance: Utterance) async -> UtteranceOutcome {
        spoken.withLock { $0.append(utterance.parts) }
        return UtteranceOutcome(number: utterance.number, samples: 0, interrupted: false)
    }

    func interrupt(through number: Int) {}
    func drain() async {}
    func file(forUtterance number: Int) -> String? { nil }
}
