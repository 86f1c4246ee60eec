import Foundation
import VozKit

/// `voz run FORM`: the spoken session.
enum RunCommand: VozCommand {
    static let spec = CommandSpec(
        name: "run",
        summary: "Fill in and send a form, one question a line, spoken and printed.",
        usage: "run FORM [options]",
        options: CommonOptions.session + [
            OptionSpec(name: "url", valueName: "URL", help: "Send to this address instead of the form's own.")
        ],
        positionals: ["FORM"],
        requiredPositionals: 1
    )

    static func run(_ arguments: ParsedArguments) async -> Int32 {
        var form: Form
        do throws(FormFileError) {
            form = try FormFile.load(path: arguments.positionals[0]).form
        } catch {
            Console.error(error.description)
            return ExitCode.usage
        }
        if let address = arguments.value("url") {
            guard form.submit.replaceAddress(with: address) else {
                let parameters = form.submit.addressParameters
                let expected =
                    parameters.isEmpty
                    ? "an http or https address"
                    : "an http or https address with \(parameters.joined(separator: ", ")) where the form fills them"
                Console.error(
                    UsageError.invalidValue(option: "url", value: address, expected: expected).description)
                return ExitCode.usage
            }
        }
        if let missing = form.submit.resolveHeaders(from: ProcessInfo.processInfo.environment) {
            Console.error(
                "voz run: the form's \(missing.header) header takes its value from the environment variable "
                    + "\(missing.variable), which is not set; set it and run again.")
            return ExitCode.usage
        }
        return await SessionRunner(arguments: arguments).run(form)
    }
}
