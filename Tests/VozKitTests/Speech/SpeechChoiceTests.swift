import Foundation
import Testing
import VozTestSupport

@testable import VozKit

extension SpeechSuites {
    /// `SpeechChoice.automatic` in a tool's `FormRunner`: the user's VOZ_SPEECH, VOZ_RATE and config file decide, as
    /// they do for voz, and the sentences name the tool and the variable, not voz's options (issue 29 §1, §6).
    @Suite struct SpeechChoiceTests {
        static let form = Form("Sign up", locale: "en", sendTo: literalURL("https://example.org/accounts")) {
            Field.text("Full name", id: "name").required()
        }

        static func runner(_ environment: [String: String], printed: LineRecorder) -> FormRunner {
            var runner = FormRunner(speech: .automatic)
            runner.host = HostTool(name: "signup")
            runner.input = ScriptedLineSource(["Ana", ":quit"])
            runner.output = printed
            runner.environment = environment
            // A run without drafts still holds the draft's lock, and keeps an unanswered send: never in the home.
            runner.environment["XDG_STATE_HOME"] = (environment["XDG_RUNTIME_DIR"] ?? NSTemporaryDirectory()) + "/state"
            runner.drafts = .none
            runner.handlesSignals = false
            runner.clock = ManualClock()
            return runner
        }

        /// VOZ_SPEECH=wav:FOLDER, which `voz --speech wav:FOLDER` also means: what is said is a WAV file there (a
        /// polite message an assertive one cuts before it began has none).
        @Test func vozSpeechFromTheEnvironmentChoosesTheEngine() async throws {
            let folder = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var environment = SpeechSetupTests.silentEnvironment(folder)
            environment["VOZ_SPEECH"] = "wav:\(folder)/wav"
            environment["VOZ_RATE"] = "420"
            let printed = LineRecorder()
            let outcome = try await Self.runner(environment, printed: printed).run(Self.form)
            #expect(outcome.ending == .quit)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/wav").filter {
                $0.hasSuffix(".wav")
            }
            #expect(!files.isEmpty && files.count <= printed.lines.count, "\(files) for \(printed.lines)")
        }

        /// With nothing set and no sound device, the one line says so, naming the tool.
        @Test func withNoDeviceTheToolSaysItGoesOnInText() async throws {
            let runtime = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: runtime) }
            let printed = LineRecorder()
            _ = try await Self.runner(SpeechSetupTests.silentEnvironment(runtime), printed: printed).run(Self.form)
            #expect(
                printed.lines.first
                    == "signup is not speaking because there is no sound device; it goes on in text only. "
                    + "To hear it, start a sound server such as PulseAudio.")
        }

        /// A rate the user set wrong stops the run before anything is said, naming the variable it came from.
        @Test func aBadSettingIsASentenceNamingTheVariable() async {
            let runtime = SpeechTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: runtime) }
            var environment = SpeechSetupTests.silentEnvironment(runtime)
            environment["VOZ_RATE"] = "fast"
            let printed = LineRecorder()
            do {
                _ = try await Self.runner(environment, printed: printed).run(Self.form)
                Issue.record("the run started")
            } catch {
                #expect(error.message.contains("VOZ_RATE") && error.message.contains("fast"), "\(error.message)")
                guard case .speech(.invalidRate) = error.reason else {
                    Issue.record("\(error.reason)")
                    return
                }
            }
            #expect(printed.lines.isEmpty)
        }

        /// Every sentence that names the program and advises a setting, for a tool: its name, the variable, never
        /// Voz's option; for voz, its options as before. All six languages.
        @Test(arguments: Language.allCases)
        func adviceNamesTheToolAndTheVariable(language: Language) {
            let keys = [
                "speech.off.screenReader", "speech.on.speechd", "speech.on.espeak", "speech.error.speechd",
                "speech.error.speechdLibrary", "speech.error.engine", "speech.error.noDevice",
            ]
            let tool = Localizer(language: language, host: HostTool(name: "signup"))
            let voz = Localizer(language: language)
            for key in keys {
                let toolSays = tool.text(key, ["reader": "Orca"])
                #expect(toolSays.contains("VOZ_SPEECH") && !toolSays.contains("--"), "\(language) \(key): \(toolSays)")
                #expect(!toolSays.contains("Voz "), "\(language) \(key): \(toolSays)")
                let vozSays = voz.text(key, ["reader": "Orca"])
                #expect(
                    vozSays.contains("--speech") && !vozSays.contains("VOZ_SPEECH"), "\(language) \(key): \(vozSays)")
            }
        }
    }
}
