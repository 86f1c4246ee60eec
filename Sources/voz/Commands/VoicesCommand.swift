import Foundation
import VozKit

/// `voz voices`: Voz's voice profiles, eSpeak NG's languages, then speech-dispatcher's modules when one answers.
enum VoicesCommand: VozCommand {
    static let spec = CommandSpec(
        name: "voices",
        summary: "List Voz's voice profiles, eSpeak NG's voices and speech-dispatcher's modules.",
        usage: "voices",
        options: [],
        positionals: [],
        requiredPositionals: 0
    )

    static func run(_ arguments: ParsedArguments) async -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let localizer = Localizer(language: Language.resolve(formLocale: nil, environment: environment))
        do throws(SpeechError) {
            let voices = try await SpeechSetup.listVoices(environment: environment)
            Console.out(localizer.text("speech.voices.voz"))
            for profile in voices.profiles {
                Console.out(
                    localizer.text(
                        "speech.voices.profile",
                        [
                            "name": profile.name, "description": profile.description, "voice": profile.espeakName,
                            "rate": String(profile.parameters.rate),
                        ]))
            }
            Console.out(localizer.text("speech.voices.espeak"))
            for voice in voices.espeak {
                Console.out(
                    localizer.text(
                        "speech.voices.language", ["language": voice.languages.first ?? "", "name": voice.name]))
            }
            if let modules = await SpeechSetup.speechdModules(environment: environment), !modules.isEmpty {
                Console.out(localizer.text("speech.voices.speechd"))
                for module in modules { Console.out(localizer.text("speech.voices.module", ["name": module])) }
            }
            return ExitCode.success
        } catch {
            Console.error(error.message(localizer))
            return ExitCode.usage
        }
    }
}
