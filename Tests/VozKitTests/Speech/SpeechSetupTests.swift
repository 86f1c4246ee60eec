import Foundation
import Testing

@testable import VozKit
@testable import VozLocalization
@testable import VozSpeech
@testable import VozTranscript

extension SpeechSuites {
    /// What `--speech` turns into, on a machine with no sound device (this one, and CI).
    @Suite struct SpeechSetupTests {
        /// An environment with no sound server: no PULSE_SERVER, and a runtime folder with no socket in it.
        static func silentEnvironment(_ runtime: String) -> [String: String] {
            var environment = ProcessInfo.processInfo.environment
            environment["PULSE_SERVER"] = nil
            environment["PULSE_RUNTIME_PATH"] = nil
            environment["XDG_RUNTIME_DIR"] = runtime
            environment["XDG_CONFIG_HOME"] = runtime + "/config"
            return environment
        }

        private let executable = SpeechTestSupport.repositoryVoices + "/../.build/debug/voz"

        @Test func autoFallsBackToTextWithOneLineSayingWhy() async throws {
            let runtime = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: runtime) }
            let localizer = Localizer(language: .es)
            let started = ContinuousClock.now
            let output = try await SpeechSetup.open(
                SpeechSettings(mode: .auto), language: .es, localizer: localizer,
                environment: Self.silentEnvironment(runtime))
            #expect(ContinuousClock.now - started < .seconds(1), "it must not hang looking for a device")
            #expect(output.engine == nil)
            #expect(output.notice == localizer.text("speech.off.noDevice"))
        }

        @Test func espeakWithNoDeviceIsAClearError() async throws {
            let runtime = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: runtime) }
            await #expect {
                try await SpeechSetup.open(
                    SpeechSettings(mode: .espeak), language: .en, localizer: Localizer(language: .en),
                    environment: Self.silentEnvironment(runtime))
            } throws: { error in
                guard let error = error as? SpeechError, case .noAudioDevice = error else { return false }
                return error.message(Localizer(language: .en)).contains("--speech none")
            }
        }

        @Test func aServerThatIsNotListeningCountsAsNoDevice() async throws {
            let runtime = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: runtime) }
            var environment = Self.silentEnvironment(runtime)
            environment["PULSE_SERVER"] = "unix:" + runtime + "/nobody-here"
            let output = try await SpeechSetup.open(
                SpeechSettings(mode: .auto), language: .en, localizer: Localizer(language: .en),
                environment: environment)
            #expect(output.engine == nil && output.notice != nil)
        }

        @Test func wavModeAndNoneNeedNoDevice() async throws {
            let runtime = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: runtime) }
            let environment = Self.silentEnvironment(runtime)
            let wav = try await SpeechSetup.open(
                SpeechSettings(mode: .wav(directory: runtime + "/wav")), language: .es,
                localizer: Localizer(language: .es), environment: environment)
            #expect(wav.engine?.file(forUtterance: 3) == runtime + "/wav/0003.wav")
            #expect(wav.voice?.voice == "es+voz-es")
            let none = try await SpeechSetup.open(
                SpeechSettings(mode: .none), language: .es, localizer: Localizer(language: .es),
                environment: environment)
            #expect(none.engine == nil && none.notice == nil)
        }

        /// Issue 29, section 6: the profiles travel with the code. A tool built on VozKit in another package, or a
        /// voz moved from its share folder, found none and spoke with eSpeak NG's defaults without a word.
        @Test func theShippedVoicesAreTheRepositorysEmbedded() throws {
            let catalog = try VoiceCatalog.load(user: nil)
            let folder = SpeechTestSupport.repositoryVoices
            let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
            #expect(catalog.profiles.map(\.name) == files.map { String($0.dropLast(5)) }.sorted())
            for profile in catalog.profiles {
                let read = try VoiceProfile(contentsOf: "\(folder)/\(profile.name).json")
                #expect(profile.defaults == read.defaults && profile.espeakName == read.espeakName)
                #expect(profile.variantText != nil && profile.variantText == read.variantText, "\(profile.name)")
            }
        }

        /// With no folder of the user's, from a folder with no Voz anywhere above it, the language's profile speaks.
        @Test func theLanguagesProfileIsFoundFromAnyFolder() throws {
            let catalog = try VoiceCatalog.load(user: "/nowhere")
            let profile = try catalog.resolveProfile(SpeechSettings(mode: .none), language: .de)
            #expect(profile?.espeakName == "de+voz-de")
        }

        @Test func vozSayWithNoDevicePrintsOneLineAndGoesOnButEspeakExitsTwo() async throws {
            let runtime = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: runtime) }
            var environment = Self.silentEnvironment(runtime)
            environment["LANG"] = "es_ES.UTF-8"
            environment["LC_ALL"] = nil
            environment["LC_MESSAGES"] = nil
            let transcript = runtime + "/say.jsonl"
            guard
                let auto = try await VozProcess.run(
                    ["say", "Hola.", "--transcript", transcript], environment: environment)
            else { return }
            let spanish = Localizer(language: .es)
            // Printed, not spoken: no sound device (issue 36, voz say's exit says so).
            #expect(auto.status == 1)
            // The notice is printed on standard error, not said before the line (issue 25).
            #expect(auto.stdout == "Hola.\n")
            #expect(auto.stderr == spanish.text("speech.off.noDevice") + "\n")
            #expect(try TranscriptReader.read(path: transcript).last?.text == "Hola.")
            let espeak = try #require(
                try await VozProcess.run(["say", "Hola.", "--speech", "espeak"], environment: environment))
            #expect(espeak.status == 2)
            #expect(espeak.stderr == spanish.text("speech.error.noDevice") + "\n")
            #expect(espeak.stdout.isEmpty)
        }
    }
}
