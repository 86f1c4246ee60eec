import Foundation
import VozKit

/// `voz run --openapi SPEC --operation ID`: the operation's form, built in memory, in the user's language.
enum OpenAPIRun {
    /// The form to run, or nil once the reason it cannot be built is said on standard error.
    static func form(spec: String, arguments: ParsedArguments) async -> Form? {
        let environment = ProcessInfo.processInfo.environment
        let language = Language.fromEnvironment(environment)
        let localizer = Localizer(language: language)
        guard arguments.positionals.isEmpty else {
            Console.error(localizer.text("openapi.error.formAndSpec"))
            return nil
        }
        guard let operation = arguments.value("operation") else {
            Console.usage(.missingValue(command: "run", option: "operation", valueName: "ID"))
            return nil
        }
        let output: OpenAPIFormBuilder.Output
        do throws(SpecError) {
            output = try OpenAPIFormBuilder.form(
                openAPI: try await SpecDocument.load(
                    spec, loader: CurlSpecLoader(allowInsecure: arguments.flag("allow-insecure")),
                    reaching: .operation(operation)),
                operation: operation, server: arguments.value("server"), language: language)
        } catch {
            Console.error(error.message(localizer))
            return nil
        }
        do throws(FormFileError) {
            return try output.document(path: spec).form
        } catch {
            // The generated form's own paths mean nothing to the user; the description's line does.
            let line = error.path.map { output.sourceMap.line(for: $0) } ?? 1
            var problem = error.message(localizer)
            if case .invalid(_, _, _, let detail) = error { problem = detail.text(localizer) }
            Console.error(
                localizer.text(
                    "openapi.error.unrunnable",
                    ["file": spec, "line": String(line), "operation": operation, "problem": problem]))
            return nil
        }
    }
}
