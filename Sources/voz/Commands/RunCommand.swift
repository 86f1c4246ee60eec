import Foundation
import VozKit

/// `voz run FORM`: the spoken session.
enum RunCommand: VozCommand {
    static let spec = CommandSpec(
        name: "run",
        summary: "Fill in and send a form, one question a line, spoken and printed.",
        usage: "run (FORM | --openapi SPEC --operation ID [--server URL]) [options]",
        options: CommonOptions.session + [
            OptionSpec(name: "url", valueName: "URL", help: "Send to this address instead of the form's own."),
            OptionSpec(
                name: "openapi", valueName: "SPEC",
                help: "Run the form of an OpenAPI operation instead of a form file: a file or an http(s) address."),
            OptionSpec(
                name: "operation", valueName: "ID",
                help: "With --openapi: the operationId, or a method and path such as \"POST /pets\"."),
            OptionSpec(
                name: "server", valueName: "URL",
                help: "With --openapi: the server address, in place of the description's first."),
            OptionSpec(
                name: "allow-local-target", valueName: nil,
                help:
                    "With --openapi: send to this computer or the local network as a description read from another"
                    + " host says to."),
        ],
        positionals: ["FORM"],
        requiredPositionals: 0
    )

    static func run(_ arguments: ParsedArguments) async -> Int32 {
        var form: Form
        var runner = SessionRunner(arguments: arguments)
        if let spec = arguments.value("openapi") {
            guard let built = await OpenAPIRun.form(spec: spec, arguments: arguments) else { return ExitCode.usage }
            form = built.form
            runner.preamble = built.notice
            // A description from another host chose the address: the address connected to is judged at every send
            // too, since its name may resolve elsewhere by then (DNS rebinding).
            runner.refusesLocalAddresses = built.notice != nil && !arguments.flag("allow-local-target")
        } else {
            guard let path = arguments.positionals.first else {
                Console.usage(.missingArgument(command: "run", name: "FORM"))
                return ExitCode.usage
            }
            do throws(FormFileError) {
                form = try FormFile.load(path: path).form
            } catch {
                Console.error(error)
                return ExitCode.usage
            }
        }
        if let address = arguments.value("url") {
            guard form.submit.replaceAddress(with: address) else {
                let expected = UsageError.Expected.address(parameters: form.submit.addressParameters)
                Console.usage(.invalidValue(option: "url", value: address, expected: expected))
                return ExitCode.usage
            }
        }
        return await runner.run(form)
    }
}
