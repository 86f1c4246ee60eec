import Foundation
import VozKit

/// Wires `voz run` and `voz demo` from their options onto `FormRunner`, the entry point library users get, and
/// turns how the run ended into an exit code.
struct SessionRunner {
    let arguments: ParsedArguments
    let environment = ProcessInfo.processInfo.environment
    /// How submissions travel: libcurl for any form, the loopback transport for `voz demo`'s own service.
    var transport: any Transport = CurlTransport()
    /// What is said before the form, in the session's language: `voz demo` names the known address and coupon.
    var preamble: (@Sendable (Localizer) -> String)?
    /// Whether no send may reach this machine or a private network (`SendingPolicy.refusesLocalAddresses`).
    var refusesLocalAddresses = false

    /// Runs `form` (already loaded, its `submit.url` final) to its end.
    func run(_ form: Form) async -> Int32 {
        let runner: FormRunner
        do throws(SetupError) {
            runner = try makeRunner()
        } catch {
            Console.error(error.description)
            return ExitCode.usage
        }
        do throws(FormRunError) {
            return try await runner.run(form).exitStatus
        } catch {
            Console.error(error.message)
            return ExitCode.usage
        }
    }

    /// Why the options cannot make a run; one sentence, exit code 2.
    struct SetupError: Error, CustomStringConvertible {
        var description: String
    }

    // MARK: - Wiring

    private func makeRunner() throws(SetupError) -> FormRunner {
        var runner = FormRunner(
            speech: .settings(
                SpeechFlags(
                    speech: arguments.value("speech"), voice: arguments.value("voice"), rate: arguments.value("rate"))))
        runner.host = .voz
        // What is wrong with the command line is said in the language of whoever typed it (README, Languages).
        runner.errorLanguage = Console.localizer.language
        runner.transport = transport
        runner.preamble = preamble
        runner.environment = environment
        runner.transcriptPath = arguments.value("transcript")
        runner.replacesTranscript = arguments.flag("replace-transcript")
        if let path = arguments.value("log") {
            runner.logPath = path
        } else {
            // The default log is a convenience; only a log the user asked for is worth stopping for.
            runner.technicalLog = try? FileTechnicalLog(path: nil, environment: environment)
        }
        do throws(TerminalLineSource.OpenFailure) {
            if let path = arguments.value("answers") {
                runner.input = try TerminalLineSource.open(path: path)
            } else {
                try TerminalLineSource.checkStandardInput()
            }
        } catch {
            throw SetupError(description: error.message(Console.localizer))
        }
        runner.drafts = arguments.flag("no-draft") ? .none : .standard
        runner.presetAnswers = try presetAnswers()
        runner.policy = arguments.flag("allow-insecure") ? .allowingSecretsOverPlainHTTP : .standard
        runner.policy.refusesLocalAddresses = refusesLocalAddresses
        runner.ignoresSignalsAfterwards = true
        return runner
    }

    /// `--set id=value`, by id; which ids the form has is the runner's to check.
    private func presetAnswers() throws(SetupError) -> [String: String] {
        var answers: [String: String] = [:]
        for pair in arguments.values("set") {
            guard let equals = pair.firstIndex(of: "=") else {
                throw SetupError(
                    description: UsageError.invalidValue(option: "set", value: pair, expected: .shape("ID=VALUE"))
                        .message(Console.localizer))
            }
            answers[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return answers
    }
}
