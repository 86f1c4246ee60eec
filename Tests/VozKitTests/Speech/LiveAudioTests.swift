import Foundation
import Testing

@testable import VozKit
@testable import VozLocalization
@testable import VozSpeech

extension SpeechSuites {
    /// Live audio proven end to end: Voz plays through a private PulseAudio server's null sink, and its monitor
    /// is recorded and measured as a listener would hear it. Runs only where PulseAudio is installed.
    @Suite(.serialized, .enabled(if: PulseServerFixture.available, "needs pulseaudio and parec"))
    struct LiveAudioTests {
        static let sentence = "Escriba su nombre completo y pulse intro para continuar."

        /// The loud part of `samples`: from the first to the last 5 ms window above the floor.
        static func voiced(_ samples: [Int16], rate: Int) -> ArraySlice<Int16> {
            let window = rate / 200
            let windows = stride(from: 0, to: samples.count - window, by: window).filter {
                WavAudio.rms(samples[$0..<($0 + window)]) > 0.01
            }
            guard let first = windows.first, let last = windows.last else { return [] }
            return samples[first..<(last + window)]
        }

        /// How much of the signal is voice, in seconds: the 5 ms windows above the floor, counted. Unlike the span
        /// from first to last voiced sample, this is not lengthened by the gaps a loaded machine leaves in playback.
        static func voicedSeconds(_ samples: [Int16], rate: Int) -> Double {
            let window = rate / 200
            let windows = stride(from: 0, to: samples.count - window, by: window).filter {
                WavAudio.rms(samples[$0..<($0 + window)]) > 0.01
            }
            return Double(windows.count * window) / Double(rate)
        }

        @Test func vozSayIsHeardAsLongAsItsWavRendering() async throws {
            let server = try await PulseServerFixture.start()
            defer { server.stop() }
            let directory = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let recorder = try server.record()
            let live = try #require(
                try await VozProcess.run(
                    ["say", Self.sentence, "--speech", "espeak", "--rate", "300"], environment: server.environment))
            try await Task.sleep(for: .milliseconds(200))
            let captured = recorder.stop().samples
            #expect(live.status == 0, "\(live.stderr)")
            let rendered = try #require(
                try await VozProcess.run(
                    ["say", Self.sentence, "--wav", directory + "/say.wav", "--rate", "300"],
                    environment: server.environment))
            #expect(rendered.status == 0)
            let reference = try #require(WavAudio(contentsOf: directory + "/say.wav"))
            let heard = Self.voiced(captured, rate: PulseServerFixture.recordRate)
            let heardSeconds = Self.voicedSeconds(captured, rate: PulseServerFixture.recordRate)
            let expectedSeconds = Self.voicedSeconds(reference.samples, rate: reference.sampleRate)
            #expect(WavAudio.rms(heard) > 0.03, "captured RMS \(WavAudio.rms(heard))")
            #expect(
                abs(heardSeconds - expectedSeconds) < expectedSeconds * 0.1,
                "\(heardSeconds) s heard, \(expectedSeconds) s rendered")
        }

        @Test func anAssertiveAnnouncementSilencesThePoliteOneWithin50Milliseconds() async throws {
            let server = try await PulseServerFixture.start()
            defer { server.stop() }
            let output = try await SpeechSetup.open(
                SpeechSettings(mode: .espeak, overrides: .init(rate: 250)), language: .es,
                localizer: Localizer(language: .es),
                environment: server.environment)
            let engine = try #require(output.engine)
            let announcer = Announcer(engine: engine, lines: RecordingLines())
            let recorder = try server.record()
            await announcer.announce(Announcement(AnnouncerTests.long))
            // Wait until the polite message has been heard for a while.
            let deadline = ContinuousClock.now + .seconds(5)
            while Self.voiced(recorder.snapshot, rate: recorder.rate).count < recorder.rate * 6 / 10 {
                guard ContinuousClock.now < deadline else { break }
                try await Task.sleep(for: .milliseconds(5))
            }
            // An assertive message with nothing to say, so that whatever is heard next is the polite one's tail.
            let interruptedAt = ContinuousClock.now
            await announcer.announce(Announcement(" ", priority: .assertive))
            try await Task.sleep(for: .milliseconds(600))
            await announcer.announce(Announcement("Correo."))
            await announcer.drain()
            try await Task.sleep(for: .milliseconds(200))
            let (samples, arrivals) = recorder.stop()

            // The polite message's audio ends at the last loud window before the long silence the interruption made.
            let (end, index) = SpeechSuites.SpeechdLiveTests.endOfSound(
                samples, rate: recorder.rate, from: arrivals, after: interruptedAt)
            let endedAt = try #require(arrivals.first { $0.count >= end }).at
            let silencedIn = endedAt - interruptedAt
            // Measured 13 to 18 ms with both cores busy (45 to 56 ms before the sink was told from the interrupting
            // thread); issue 11 asks for under 100 ms.
            #expect(
                silencedIn < .milliseconds(50), "the polite message was heard for \(silencedIn) after the interruption")
            let outcomes = await announcer.outcomes()
            #expect(outcomes.first?.interrupted == true)
            #expect(
                WavAudio.rms(Self.voiced(Array(samples[index...]), rate: recorder.rate)) > 0.03, "speech goes on after")
        }

        @Test func autoChoosesLiveAudioWhenTheServerAnswersAndNothingElseRuns() async throws {
            let server = try await PulseServerFixture.start()
            defer { server.stop() }
            let system = FakeSystem()
            defer { system.remove() }
            let localizer = Localizer(language: .en)
            let output = try await SpeechSetup.open(
                SpeechSettings(mode: .auto), language: .en, localizer: localizer,
                environment: server.environment, roots: system.roots
            )
            #expect(output.notice == localizer.text("speech.on.espeak"))
            #expect((output.engine as? EspeakEngine)?.sink is PulseAudioSink)
        }
    }
}
