import Foundation
import VozJSON
import VozKit

/// `voz form`: writes a Voz form file from an OpenAPI operation or a JSON Schema.
enum FormCommand: VozCommand {
    static let spec = CommandSpec(
        name: "form",
        summary: "Write a form file from an OpenAPI operation or a JSON Schema.",
        usage:
            "form (--openapi SPEC --operation ID [--server URL] | --schema SCHEMA --url URL [--method METHOD]) "
            + "[--language LANG] [--description-language LANG] [--ask-plumbing] [-o FILE]",
        options: [
            OptionSpec(name: "openapi", valueName: "SPEC", help: "An OpenAPI 3.0 or 3.1 description, YAML or JSON."),
            OptionSpec(
                name: "operation", valueName: "ID",
                help: "The operationId, or a method and path such as \"POST /pets\"."),
            OptionSpec(
                name: "server", valueName: "URL", help: "The server address, in place of the description's first."),
            OptionSpec(name: "schema", valueName: "SCHEMA", help: "A JSON Schema of the request body, YAML or JSON."),
            OptionSpec(name: "url", valueName: "URL", help: "Where the form built from --schema is sent."),
            OptionSpec(
                name: "method", valueName: "POST|PUT|PATCH", help: "How the --schema form is sent. Default POST."),
            OptionSpec(
                name: "language", valueName: "LANG",
                help: "The form's locale, the language Voz speaks its own sentences in. Default your language."),
            OptionSpec(
                name: "description-language", valueName: "LANG",
                help: "The language the description is written in; its labels are spoken with that voice."),
            OptionSpec(
                name: "ask-plumbing", valueName: nil,
                help: "Ask the members a program fills (CSRF tokens, captcha answers…), which are left out."),
            OptionSpec(
                name: "allow-insecure", valueName: nil,
                help: "Read SPEC or SCHEMA over plain HTTP from another machine, which anyone on the way can change."),
            OptionSpec(
                name: "allow-local-target", valueName: nil,
                help: "Send to this computer or the local network as a description read from another host says to."),
            OptionSpec(
                name: "output", valueName: "FILE", help: "Write the form to FILE (also -o). Default standard output.",
                short: "o"),
        ],
        positionals: [],
        requiredPositionals: 0
    )

    static func run(_ arguments: ParsedArguments) async -> Int32 {
        // The form speaks Voz's own sentences in the user's language, as `voz run --openapi` does.
        var language = Language.fromEnvironment(ProcessInfo.processInfo.environment)
        var options = OpenAPIFormBuilder.Options(askPlumbing: arguments.flag("ask-plumbing"))
        for (option, assign) in [("language", true), ("description-language", false)] {
            guard let tag = arguments.value(option) else { continue }
            guard let chosen = Language(localeTag: tag) else {
                return usage(
                    .invalidValue(option: option, value: tag, expected: .oneOf(Language.allCases.map(\.rawValue))))
            }
            if assign { language = chosen } else { options.descriptionLanguage = chosen }
        }
        let output: OpenAPIFormBuilder.Output
        let localizer = Localizer(language: language)
        let loader = CurlSpecLoader(allowInsecure: arguments.flag("allow-insecure"))
        do {
            if let spec = arguments.value("openapi") {
                // Without an operation, or with one the description lacks, the person learns which there are.
                guard let operation = arguments.value("operation") else {
                    let document = try await SpecDocument.load(spec, loader: loader, reaching: .operations)
                    return try listOperations(
                        document, after: Console.localizer.text("form.operations.choose", ["file": spec]))
                }
                let document = try await SpecDocument.load(spec, loader: loader, reaching: .operation(operation))
                let built = Result { () throws(SpecError) in
                    try OpenAPIFormBuilder.form(
                        openAPI: document, operation: operation,
                        server: arguments.value("server"), language: language, options: options)
                }
                if case .failure(.phrase(_, _, "spec.operation.unknown", _)) = built {
                    return try listOperations(
                        document,
                        after: Console.localizer.text(
                            "form.operations.unknown", ["file": spec, "operation": operation]))
                }
                output = try built.get()
                // The form written runs later from a file, where nothing says where its description came from.
                if arguments.value("server") == nil, !arguments.flag("allow-local-target"),
                    let destination = AnswerDestination(
                        description: document, target: output.form["submit"]?["url"]?.string ?? ""),
                    destination.needsPermission
                {
                    Console.error(destination.refusal(localizer))
                    return ExitCode.usage
                }
            } else if let schema = arguments.value("schema") {
                guard let url = arguments.value("url") else {
                    return usage(.missingValue(command: "form", option: "url", valueName: "URL"))
                }
                let method = (arguments.value("method") ?? "POST").uppercased()
                guard ["POST", "PUT", "PATCH"].contains(method) else {
                    return usage(
                        .invalidValue(option: "method", value: method, expected: .oneOf(["POST", "PUT", "PATCH"])))
                }
                output = try OpenAPIFormBuilder.form(
                    schema: try await SpecDocument.load(schema, loader: loader, reaching: .schema), url: url,
                    method: method,
                    language: language, options: options)
            } else {
                Console.error(Console.localizer.text("usage.formSource"))
                return ExitCode.usage
            }
        } catch {
            Console.error(error.message(localizer))
            return ExitCode.usage
        }
        let text = output.text
        let target = arguments.value("output")
        // The generated form goes through Voz's own decoder before it is written, so a form that would not run is
        // never left behind.
        do {
            let name = target ?? Console.localizer.text("formFile.generatedName")
            _ = try FormFile.decode(data: Data(text.utf8), path: name, forAudit: true)
        } catch {
            Console.error(
                Console.localizer.text("formFile.unrunnableGenerated", ["problem": error.message(Console.localizer)]))
            return ExitCode.failure
        }
        for note in output.notes { Console.error(note) }
        guard let target else {
            Console.out(String(text.dropLast()))
            return ExitCode.success
        }
        // A form description is meant to be shared: readable by others as any file the person makes (0644 less
        // their umask), but written as every file Voz writes, never through a link.
        guard
            OutputFile.write(
                Data(text.utf8), to: target, mode: 0o644, localizer: Console.localizer,
                failure: Console.localizer.text("output.cannotWrite", ["file": target]))
        else { return ExitCode.failure }
        return ExitCode.success
    }

    /// Says `sentence` on standard error, then lists the description's operations on standard output, one a line:
    /// what `--operation` takes, the method, the path and the summary.
    private static func listOperations(_ document: SpecDocument, after sentence: String) throws(SpecError) -> Int32 {
        let operations = try OpenAPIFormBuilder.operationSummaries(in: document)
        Console.error(sentence)
        for operation in operations {
            let parts = [operation.name, operation.method, operation.path, operation.summary]
            Console.out(parts.filter { !$0.isEmpty }.joined(separator: ", "))
        }
        return ExitCode.usage
    }

    private static func usage(_ error: UsageError) -> Int32 {
        Console.usage(error)
        return ExitCode.usage
    }
}
