import Foundation
import VozKit

/// `voz run --openapi SPEC --operation ID`: the operation's form, built in memory, in the user's language.
enum OpenAPIRun {
    /// The form to run, with what is said before its first question when the description came from another host
    /// (`AnswerDestination`); nil once the reason it cannot be run is said on standard error.
    static func form(
        spec: String, arguments: ParsedArguments
    ) async -> (form: Form, notice: (@Sendable (Localizer) -> String)?)? {
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
        let document: SpecDocument
        do throws(SpecError) {
            document = try await SpecDocument.load(
                spec, loader: CurlSpecLoader(allowInsecure: arguments.flag("allow-insecure")),
                reaching: .operation(operation))
            output = try OpenAPIFormBuilder.form(
                openAPI: document, operation: operation, server: arguments.value("server"), language: language)
        } catch {
            Console.error(error.message(localizer))
            return nil
        }
        do throws(FormFileError) {
            let form = try output.document(path: spec).form
            // A target the person names is theirs; only the description's own is judged.
            guard arguments.value("server") == nil, arguments.value("url") == nil,
                let destination = AnswerDestination(description: document, target: form.submit.url.absoluteString)
            else { return (form, nil) }
            if destination.needsPermission && !arguments.flag("allow-local-target") {
                Console.error(destination.refusal(localizer))
                return nil
            }
            return (form, { destination.notice(for: form, $0) })
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
