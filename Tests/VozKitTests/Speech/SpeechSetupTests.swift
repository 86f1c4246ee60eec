import Foundation
import Testing

@testable import VozKit
@testable import VozLocalization
@testable import VozSpeech

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
                environment: Self.silentEnvironment(runtime), executablePath: executable)
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
                    environment: Self.silentEnvironment(runtime), executablePath: executable)
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
                environment: environment, executablePath: executable)
            #expect(output.engine == nil && output.notice != nil)
        }

        @Test func wavModeAndNoneNeedNoDevice() async throws {
            let runtime = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: runtime) }
            let environment = Self.silentEnvironment(runtime)
            let wav = try await SpeechSetup.open(
                SpeechSettings(mode: .wav(directory: runtime + "/wav")), language: .es,
                localizer: Localizer(language: .es), environment: environment, executablePath: executable)
            #expect(wav.engine?.file(forUtterance: 3) == runtime + "/wav/0003.wav")
            #expect(wav.voice?.voice == "es+voz-es")
            let none = try await SpeechSetup.open(
                SpeechSettings(mode: .none), language: .es, localizer: Localizer(language: .es),
                environment: environment, executablePath: executable)
            #expect(none.engine == nil && none.notice == nil)
        }

        @Test func shippedVoicesAreFoundFromABuildTreeExecutable() {
            let found = VoiceCatalog.shippedDirectory(executablePath: executable, environment: [:])
            #expect(
                found.map { URL(fileURLWithPath: $0).standardized.path }
                    == URL(fileURLWithPath: SpeechTestSupport.repositoryVoices).standardized.path)
        }

        /// Issue 25, section 5: VOZ_DATA_DIR was ignored for voices, so an install elsewhere, or a tool built on
        /// VozKit, spoke with eSpeak NG's defaults instead of the shipped profile.
        @Test func vozDataDirIsWhereTheShippedVoicesAreFound() throws {
            let data = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: data) }
            try FileManager.default.createDirectory(atPath: data + "/voices", withIntermediateDirectories: true)
            let found = VoiceCatalog.shippedDirectory(
                executablePath: "/nowhere/bin/tool", environment: ["VOZ_DATA_DIR": data])
            #expect(found == data + "/voices")
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
            #expect(auto.status == 0)
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
