import Foundation
import VozKit

/// `voz reply FORM --status N`: what Voz makes of one server reply for a form, as JSON.
enum ReplyCommand: VozCommand {
    static let spec = CommandSpec(
        name: "reply",
        summary: "Show what Voz makes of one server reply for a form, as JSON.",
        usage: "reply FORM --status N [--header 'Name: value']... [--body FILE|-]",
        options: [
            OptionSpec(name: "status", valueName: "N", help: "The reply's HTTP status code."),
            OptionSpec(name: "header", valueName: "'Name: value'", repeatable: true, help: "A reply header."),
            OptionSpec(name: "body", valueName: "FILE|-", help: "The reply body; - reads standard input."),
        ],
        positionals: ["FORM"],
        requiredPositionals: 1
    )

    /// Prints the report; exit code 0 when the reply means success, 1 when it does not, 2 for usage or form
    /// errors.
    static func run(_ arguments: ParsedArguments) async -> Int32 {
        guard let statusText = arguments.value("status") else {
            Console.usage(.missingValue(command: spec.name, option: "status", valueName: "N"))
            return ExitCode.usage
        }
        guard let status = Int(statusText), (100...599).contains(status) else {
            Console.usage(.invalidValue(option: "status", value: statusText, expected: .numberRange(100, 599)))
            return ExitCode.usage
        }
        var headers: [HTTPHeader] = []
        for line in arguments.values("header") {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                Console.usage(.invalidValue(option: "header", value: line, expected: .shape("'Name: value'")))
                return ExitCode.usage
            }
            headers.append(
                HTTPHeader(
                    name: line[..<colon].trimmingCharacters(in: .whitespaces),
                    value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let body: Data
        switch arguments.value("body") {
        case nil:
            body = Data()
        case "-":
            body = FileHandle.standardInput.readDataToEndOfFile()
        case let path?:
            guard let data = FileManager.default.contents(atPath: path) else {
                Console.error(Console.localizer.text("output.cannotRead", ["file": path]))
                return ExitCode.usage
            }
            body = data
        }
        let form: Form
        do {
            form = try FormFile.load(path: arguments.positionals[0]).form
        } catch {
            Console.error(error)
            return ExitCode.usage
        }
        let language = Language.resolve(formLocale: form.locale, environment: ProcessInfo.processInfo.environment)
        let localizer = Localizer(language: language, overrides: form.messages)
        let report = ReplyReport(
            form: form, localizer: localizer, reply: HTTPReply(status: status, headers: headers, body: body))
        Console.out(report.json())
        return report.kind == .success ? ExitCode.success : ExitCode.failure
    }
}
