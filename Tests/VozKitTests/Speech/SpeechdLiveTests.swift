import Foundation
import Testing

@testable import VozKit
@testable import VozLocalization
@testable import VozSpeech

extension SpeechSuites {
    /// speech-dispatcher proven with real daemons: a private PulseAudio whose null sink's monitor is recorded, and a
    /// private speech-dispatcher on its own socket with its eSpeak NG module (issue 14 §3). One after another with
    /// the other live-audio suites, so that no two sets of sound daemons compete for the cores.
    @Suite(.serialized, .enabled(if: SpeechdServerFixture.available, "needs speech-dispatcher, pulseaudio and parec"))
    struct SpeechdLiveTests {
        static let long = AnnouncerTests.long
        static let lost = "speech-dispatcher has stopped."

        private func engine(
            _ server: SpeechdServerFixture, language: String = "es", rate: Int? = nil
        ) async throws -> SpeechdEngine {
            try await SpeechdEngine(
                settings: SpeechdEngine.Settings(language: language, rate: rate), environment: server.environment,
                autospawn: false, lostNotice: Self.lost)
        }

        /// Waits until `seconds` of voice have been recorded, or `limit` passes.
        func waitForVoice(_ recorder: MonitorRecorder, seconds: Double, limit: Duration = .seconds(10)) async throws {
            let deadline = ContinuousClock.now + limit
            while LiveAudioTests.voicedSeconds(recorder.snapshot, rate: recorder.rate) < seconds {
                guard ContinuousClock.now < deadline else { return }
                try await Task.sleep(for: .milliseconds(5))
            }
        }

        // MARK: - Heard

        @Test func aMessageThroughSpeechDispatcherIsHeard() async throws {
            let server = try await SpeechdServerFixture.start()
            defer { server.stop() }
            let engine = try await engine(server)
            let recorder = try server.pulse.record()
            let outcome = await engine.speak(Utterance(number: 1, text: LiveAudioTests.sentence))
            try await Task.sleep(for: .milliseconds(300))
            let samples = recorder.stop().samples
            #expect(outcome.interrupted == false)
            #expect(outcome.began == true)
            let seconds = LiveAudioTests.voicedSeconds(samples, rate: PulseServerFixture.recordRate)
            #expect(seconds > 1.5, "\(seconds) s of voice heard")
            #expect(WavAudio.rms(LiveAudioTests.voiced(samples, rate: PulseServerFixture.recordRate)) > 0.03)
        }

        // MARK: - Priorities

        /// Three cuts in one session, the median judged. Voz's part is one `CANCEL SELF`, sent at once; the rest is
        /// speech-dispatcher stopping its module and its sound stream, which on this shared machine took 40 to 120 ms
        /// alone and up to 450 ms under the whole suite (the server confirms the cancel 30 to 110 ms after it is
        /// sent). The 50 ms goal is reported by `make bench` (figure 8); this test holds Voz to cutting its
        /// own message, at once, with the bound a loaded machine allows.
        @Test func anAssertiveMessageCutsVozsOwnPoliteOne() async throws {
            let server = try await SpeechdServerFixture.start()
            defer { server.stop() }
            let announcer = Announcer(engine: try await engine(server, rate: 250), lines: RecordingLines())
            let recorder = try server.pulse.record()
            var cuts: [ContinuousClock.Instant] = []
            for _ in 0..<3 {
                let before = LiveAudioTests.voicedSeconds(recorder.snapshot, rate: recorder.rate)
                await announcer.announce(Announcement(Self.long))
                try await waitForVoice(recorder, seconds: before + 0.6)
                // An assertive message with nothing to say, so whatever is heard next is the polite one's tail.
                cuts.append(ContinuousClock.now)
                await announcer.announce(Announcement(" ", priority: .assertive))
                try await Task.sleep(for: .milliseconds(500))
            }
            await announcer.announce(Announcement("Correo."))
            await announcer.drain()
            try await Task.sleep(for: .milliseconds(200))
            let (samples, arrivals) = recorder.stop()

            var silenced: [Duration] = []
            var resume = samples.count
            for cut in cuts {
                let end = Self.endOfSound(samples, rate: recorder.rate, from: arrivals, after: cut)
                silenced.append(try #require(arrivals.first { $0.count >= end.sample }).at - cut)
                resume = end.resume
            }
            let median = silenced.sorted()[1]
            print("speech-dispatcher: Voz's polite message silenced \(silenced) after the assertive one")
            #expect(median < .milliseconds(500), "the polite message was heard for \(silenced) after the cuts")
            let outcomes = await announcer.outcomes()
            #expect(outcomes.filter(\.interrupted).count >= 3)
            #expect(outcomes.first?.began == true)
            #expect(outcomes.last?.interrupted == false, "Voz speaks on after the cut")
            #expect(
                WavAudio.rms(LiveAudioTests.voiced(Array(samples[resume...]), rate: recorder.rate)) > 0.03)
        }

        @Test func anotherClientSpeakingAtMessageIsNotCutByVozsPoliteOrAssertiveMessages() async throws {
            let server = try await SpeechdServerFixture.start()
            defer { server.stop() }
            // Orca speaks at `message` through its own connection: another client of the same server.
            let orca = try await engine(server, language: "en")
            let announcer = Announcer(engine: try await engine(server), lines: RecordingLines())
            let recorder = try server.pulse.record()
            let reading = Task {
                await orca.speak(
                    Utterance(number: 1, text: "Orca reads this line of the desktop to the user, to its end."))
            }
            try await waitForVoice(recorder, seconds: 0.3)
            await announcer.announce(Announcement("Nombre."))
            await announcer.announce(Announcement("Error en el correo.", priority: .assertive))
            let orcaOutcome = await reading.value
            await announcer.drain()
            _ = recorder.stop()
            #expect(orcaOutcome.interrupted == false, "speech-dispatcher reported the screen reader's message cut")
            #expect(orcaOutcome.began == true)
            let outcomes = await announcer.outcomes()
            #expect(outcomes.last?.interrupted == false, "Voz's assertive message is said after the screen reader's")
        }

        @Test func theUsersNavigationCutsOptionalReadingAndTheRestOfItIsDropped() async throws {
            let server = try await SpeechdServerFixture.start()
            defer { server.stop() }
            let orca = try await engine(server, language: "en")
            let announcer = Announcer(engine: try await engine(server), lines: RecordingLines())
            let recorder = try server.pulse.record()
            for line in [Self.long, "Campo 2 de 3.", "Campo 3 de 3."] {
                await announcer.announce(Announcement(line, isOptionalReading: true))
            }
            try await waitForVoice(recorder, seconds: 0.4)
            _ = await orca.speak(Utterance(number: 1, text: "Next heading."))
            await announcer.drain()
            _ = recorder.stop()
            let outcomes = await announcer.outcomes()
            #expect(outcomes.count == 1, "the rest of the reading is not said: \(outcomes)")
            #expect(outcomes.first?.interrupted == true)
        }

        @Test func aPromptAfterOptionalReadingIsSaid() async throws {
            let server = try await SpeechdServerFixture.start()
            defer { server.stop() }
            let announcer = Announcer(engine: try await engine(server, rate: 400), lines: RecordingLines())
            await announcer.announce(Announcement("Comandos: enviar, siguiente, anterior.", isOptionalReading: true))
            await announcer.announce(Announcement("Campo 2 de 6. Correo electrónico."))
            await announcer.drain()
            let outcomes = await announcer.outcomes()
            #expect(outcomes.map(\.interrupted) == [false, false], "\(outcomes)")
            #expect(outcomes.map(\.began) == [true, true])
        }

        // MARK: - Language and rate

        @Test func languageAndRateReachTheSynthesizer() async throws {
            let server = try await SpeechdServerFixture.start()
            defer { server.stop() }
            // Spanish reads the dot as a thousands separator and the comma as the decimal mark ("mil doscientos
            // treinta y cuatro coma cincuenta y seis"); English reads "one point two three four, fifty-six". eSpeak NG
            // renders them 3.35 s and 2.34 s long at 170 wpm: a second apart, far beyond a loaded machine's jitter.
            let text = "1.234,56"
            func heard(language: String, rate: Int) async throws -> Double {
                let engine = try await engine(server, language: language, rate: rate)
                let recorder = try server.pulse.record()
                _ = await engine.speak(Utterance(number: 1, text: text))
                try await Task.sleep(for: .milliseconds(200))
                return LiveAudioTests.voicedSeconds(
                    recorder.stop().samples, rate: PulseServerFixture.recordRate)
            }
            let spanish = try await heard(language: "es", rate: 170)
            let english = try await heard(language: "en", rate: 170)
            let fast = try await heard(language: "en", rate: 449)
            #expect(spanish - english > 0.5, "Spanish \(spanish) s, English \(english) s")
            #expect(fast < english * 0.6, "449 wpm \(fast) s, 170 wpm \(english) s")
        }

        // MARK: - The server going away

        @Test func aServerThatGoesAwayGivesOneLineThenTextOnly() async throws {
            let server = try await SpeechdServerFixture.start()
            defer { server.stop() }
            let lines = RecordingLines()
            let announcer = Announcer(engine: try await engine(server), lines: lines)
            let recorder = try server.pulse.record()
            await announcer.announce(Announcement(Self.long))
            await announcer.announce(Announcement("Correo."))
            try await waitForVoice(recorder, seconds: 0.3)
            server.kill()
            let start = ContinuousClock.now
            await announcer.drain()
            #expect(ContinuousClock.now - start < .seconds(3), "no hang when the server goes away")
            await announcer.announce(Announcement("Teléfono."))
            await announcer.drain()
            _ = recorder.stop()
            #expect(lines.lines == [Self.long, "Correo.", Self.lost, "Teléfono."])
            #expect(await announcer.outcomes().map(\.lostNotice) == [Self.lost])
        }

        // MARK: - What auto and the flag choose

        @Test func autoChoosesSpeechDispatcherWhenItAnswersAndNoScreenReaderRuns() async throws {
            let server = try await SpeechdServerFixture.start()
            defer { server.stop() }
            let system = FakeSystem()
            defer { system.remove() }
            try system.process(10, comm: "brltty")
            let localizer = Localizer(language: .es)
            let output = try await SpeechSetup.open(
                SpeechSettings(mode: .auto), language: .es, localizer: localizer, environment: server.environment,
                roots: system.roots)
            #expect(output.engine is SpeechdEngine, "braille alone does not speak, so Voz does")
            #expect(output.notice == localizer.text("speech.on.speechd"))
        }

        @Test func theFlagWinsOverAScreenReader() async throws {
            let server = try await SpeechdServerFixture.start()
            defer { server.stop() }
            let system = FakeSystem()
            defer { system.remove() }
            try system.process(10, comm: "orca")
            let output = try await SpeechSetup.open(
                SpeechSettings(mode: .speechd), language: .en, localizer: Localizer(language: .en),
                environment: server.environment, roots: system.roots
            )
            #expect(output.engine is SpeechdEngine)
            #expect(output.notice == nil)
        }

        @Test func aVoiceTheServerDoesNotHaveIsAClearError() async throws {
            let server = try await SpeechdServerFixture.start()
            defer { server.stop() }
            await #expect(throws: SpeechError.unknownVoice(value: "nonexistent-module", source: "--voice")) {
                _ = try await SpeechSetup.open(
                    SpeechSettings(mode: .speechd, voice: "nonexistent-module", sources: ["voice": "--voice"]),
                    language: .en, localizer: Localizer(language: .en), environment: server.environment)
            }
        }

        @Test func explicitSpeechdWithNoServerIsAClearError() async throws {
            let folder = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let environment = ["SPEECHD_ADDRESS": "unix_socket:" + folder + "/none.sock", "XDG_RUNTIME_DIR": folder]
            await #expect(throws: SpeechError.self) {
                _ = try await SpeechSetup.open(
                    SpeechSettings(mode: .speechd), language: .en, localizer: Localizer(language: .en),
                    environment: environment)
            }
        }

        // MARK: - The voz command

        @Test func vozSaySpeaksThroughSpeechDispatcherAndVoicesListsItsModules() async throws {
            let server = try await SpeechdServerFixture.start()
            defer { server.stop() }
            let recorder = try server.pulse.record()
            let said = try #require(
                try await VozProcess.run(
                    ["say", "Escriba su nombre.", "--speech", "speechd", "--rate", "300"],
                    environment: server.environment))
            try await Task.sleep(for: .milliseconds(200))
            let samples = recorder.stop().samples
            #expect(said.status == 0, "\(said.stderr)")
            #expect(said.stdout == "Escriba su nombre.\n")
            #expect(LiveAudioTests.voicedSeconds(samples, rate: PulseServerFixture.recordRate) > 0.4)
            let voices = try #require(try await VozProcess.run(["voices"], environment: server.environment))
            #expect(voices.stdout.contains("speech-dispatcher's modules"), "\(voices.stdout.suffix(200))")
            #expect(voices.stdout.hasSuffix("\nespeak-ng.\n"))
        }

        /// `unshare` gives voz a /proc of its own, so the `orca` it finds is the test's alone and no other program on
        /// the machine sees it.
        static let canUnshare = SpeechTestSupport.unshareSucceeds(["--pid", "--fork", "--mount-proc", "/bin/true"])

        @Test(.enabled(if: canUnshare, "needs unshare of a PID namespace"))
        func vozBesideARunningOrcaPrintsOnlyAndSaysSoUnlessAskedToSpeak() async throws {
            let server = try await SpeechdServerFixture.start()
            defer { server.stop() }
            let folder = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // A process named orca: a copy of sleep, which is what the kernel shows as its name.
            try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: folder + "/orca")
            let launcher = [
                "/usr/bin/unshare", "--pid", "--fork", "--mount-proc", "/bin/sh", "-c",
                "\"$VOZ_TEST_ORCA\" 60 >/dev/null 2>&1 & "
                    + "until grep -qx orca /proc/[0-9]*/comm 2>/dev/null; do sleep 0.01; done; exec \"$@\"",
                "sh",
            ]
            var environment = server.environment
            environment["VOZ_TEST_ORCA"] = folder + "/orca"
            environment["LANG"] = "en_US.UTF-8"
            environment["LC_ALL"] = nil
            environment["LC_MESSAGES"] = nil
            environment["VOZ_SPEECH"] = nil
            let recorder = try server.pulse.record()
            let quiet = try #require(
                try await VozProcess.run(["say", "Name."], environment: environment, launcher: launcher))
            #expect(quiet.status == 0, "\(quiet.stderr)")
            let notice = Localizer(language: .en).text("speech.off.screenReader", ["reader": "Orca"])
            // voz say prints the notice on standard error and says only its line (issue 25).
            #expect(quiet.stdout == "Name.\n")
            #expect(quiet.stderr == notice + "\n")
            try await Task.sleep(for: .milliseconds(300))
            #expect(LiveAudioTests.voicedSeconds(recorder.snapshot, rate: recorder.rate) == 0)
            // VOZ_SPEECH still wins over what is running.
            environment["VOZ_SPEECH"] = "speechd"
            let spoken = try #require(
                try await VozProcess.run(["say", "Name."], environment: environment, launcher: launcher))
            try await Task.sleep(for: .milliseconds(200))
            let samples = recorder.stop().samples
            #expect(spoken.status == 0, "\(spoken.stderr)")
            #expect(spoken.stdout == "Name.\n")
            #expect(LiveAudioTests.voicedSeconds(samples, rate: PulseServerFixture.recordRate) > 0.2)
        }

        // MARK: - Measuring

        /// The last loud 5 ms window of the sound going on at `time`, before a silence of 200 ms; and where sound
        /// resumes after it.
        static func endOfSound(
            _ samples: [Int16], rate: Int, from arrivals: [(at: ContinuousClock.Instant, count: Int)],
            after time: ContinuousClock.Instant
        ) -> (sample: Int, resume: Int) {
            let window = rate / 200
            let firstAfter = arrivals.first { $0.at >= time }?.count ?? samples.count
            var end = firstAfter
            var quiet = 0
            var index = max(0, firstAfter - rate / 5)
            while index + window < samples.count, quiet < rate / 5 {
                if WavAudio.rms(samples[index..<(index + window)]) > 0.01 {
                    end = index + window
                    quiet = 0
                } else {
                    quiet += window
                }
                index += window
            }
            return (end, min(index, samples.count))
        }
    }
}
