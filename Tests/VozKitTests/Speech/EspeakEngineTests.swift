import Foundation
import Testing

@testable import VozKit
@testable import VozSpeech

extension SpeechSuites {
    /// Real eSpeak NG rendering to WAV, checked from the samples.
    @Suite struct EspeakEngineTests {
        static let spanish = "Escriba su nombre completo y pulse intro para continuar con el formulario."
        static let english = "Type your full name and press enter to go on to the next question."

        private func render(_ text: String, voice: String, rate: Int, directory: String) async throws -> WavAudio {
            let sink = try WavFileSink(.directory(directory))
            let engine = try await SpeechTestSupport.engine(VoiceParameters(voice: voice, rate: rate), sink: sink)
            let outcome = await engine.speak(Utterance(number: 1, text: text))
            #expect(!outcome.interrupted)
            let file = try #require(outcome.file)
            #expect(file.hasSuffix("/0001.wav"))
            return try #require(WavAudio(contentsOf: file))
        }

        @Test(arguments: [
            (spanish, "es+voz-es"), (english, "en+voz-en"), (spanish, "es"), (english, "en"),
        ])
        func rendersAudibleSpeechOfPlausibleLength(text: String, voice: String) async throws {
            let directory = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let audio = try await render(text, voice: voice, rate: 175, directory: directory)
            #expect(audio.sampleRate == 22050)
            #expect(audio.rms > 0.02, "RMS \(audio.rms)")
            // About 13 words at 175 wpm is 4.5 s of speech; allow for pauses and the voice's own pace.
            let words = Double(text.split(separator: " ").count)
            let expected = words / 175 * 60
            #expect(audio.duration > expected * 0.5 && audio.duration < expected * 1.6, "\(audio.duration) s")
        }

        @Test(arguments: [(175, 300), (300, 450), (450, 800)])
        func aFasterRateIsShorter(slow: Int, fast: Int) async throws {
            let directory = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let slower = try await render(Self.spanish, voice: "es+voz-es", rate: slow, directory: directory + "/a")
            let faster = try await render(Self.spanish, voice: "es+voz-es", rate: fast, directory: directory + "/b")
            #expect(
                faster.duration < slower.duration * 0.9, "\(slow): \(slower.duration) s, \(fast): \(faster.duration) s")
            #expect(faster.rms > 0.02)
        }

        @Test func theSameTextTwiceGivesTheSameSamples() async throws {
            let directory = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let first = try await render(Self.english, voice: "en+voz-en", rate: 400, directory: directory + "/a")
            let second = try await render(Self.english, voice: "en+voz-en", rate: 400, directory: directory + "/b")
            #expect(first.samples.count > 1000)
            #expect(first == second)
        }

        @Test func anUnknownVoiceIsRefused() async throws {
            await #expect(throws: SpeechError.self) {
                _ = try await SpeechTestSupport.engine(
                    VoiceParameters(voice: "xx-nonexistent"), sink: RecordingAudioSink())
            }
        }

        @Test func listsEspeakVoices() async throws {
            let engine = try await SpeechTestSupport.engine(VoiceParameters(voice: "es"), sink: RecordingAudioSink())
            let voices = await engine.espeakVoices()
            #expect(voices.contains { $0.languages.contains("es") })
            #expect(voices.contains { $0.languages.contains("en-gb") })
        }

        @Test func theFirstSampleArrivesWithinMillisecondsOfTheCall() async throws {
            let sink = RecordingAudioSink()
            let engine = try await SpeechTestSupport.engine(VoiceParameters(voice: "es+voz-es", rate: 400), sink: sink)
            var delays: [Duration] = []
            for number in 1...21 {
                let called = sink.now
                _ = await engine.speak(Utterance(number: number, text: "Campo dos de cuatro: correo electrónico."))
                if let first = sink.recordings.last?.firstSample, number > 1 { delays.append(first - called) }
            }
            let median = delays.sorted()[delays.count / 2]
            // Issue 9 benchmarks this against spawning espeak-ng; here it only guards against designing it out.
            // The bound is loose because the suite shares two cores with other tests.
            #expect(median < .milliseconds(10), "median time to first sample \(median)")
        }
    }
}
