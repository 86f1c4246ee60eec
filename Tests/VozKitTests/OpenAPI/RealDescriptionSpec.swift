import Foundation
import VozJSON

@testable import VozAudit
@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozOpenAPI

/// A small OpenAPI description written inline, shaped as the public ones issue 27 was checked on, and the form
/// Voz builds from it, read back by Voz's own decoder.
struct RealDescriptionSpec {
    var operationID = "op"
    var summary = "Send it"
    /// The body's `properties`, as YAML at their own indentation (the first key at column 1).
    var properties = ""
    var required: [String] = []
    /// The operation's `parameters` list, as YAML at its own indentation.
    var parameters = ""
    /// `components.schemas`, as YAML at its own indentation.
    var components = ""
    var info = ""

    /// The description's text.
    var yaml: String {
        var text = """
            openapi: 3.1.0
            info:
              title: T
              version: "1"
            \(Self.indent(info, 2))
            servers:
              - url: https://api.example.com
            paths:
              /things:
                post:
                  operationId: \(operationID)
                  summary: \(summary)

            """
        if !parameters.isEmpty { text += "      parameters:\n" + Self.indent(parameters, 8) + "\n" }
        text += """
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          required: [\(required.joined(separator: ", "))]
                          properties:
            \(Self.indent(properties, 16))

            """
        if !components.isEmpty { text += "components:\n  schemas:\n" + Self.indent(components, 4) + "\n" }
        return text
    }

    static func indent(_ text: String, _ columns: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.isEmpty ? "" : String(repeating: " ", count: columns) + $0
        }.joined(separator: "\n")
    }

    /// The description read as `voz form` reads a YAML file.
    func document() throws -> SpecDocument {
        try SpecDocument.decode(bytes: Array(yaml.utf8), file: "api.yaml", isJSON: false)
    }

    /// The generated form's output, as the builder gives it.
    func output(_ options: OpenAPIFormBuilder.Options = .init(), language: Language = .en) throws
        -> OpenAPIFormBuilder.Output
    {
        try OpenAPIFormBuilder.form(
            openAPI: document(), operation: operationID, server: nil, language: language, options: options)
    }

    /// The form as Voz runs it, and the notes for its author.
    func form(_ options: OpenAPIFormBuilder.Options = .init(), language: Language = .en) throws -> (Form, [String]) {
        let output = try output(options, language: language)
        let text = JSONWriter(indent: 2).text(output.form)
        return (try FormFile.decode(data: Data(text.utf8), path: "generated.json", forAudit: true).form, output.notes)
    }

    /// What `voz audit` says of the generated form at its default level (serious and above).
    func failingFindings() throws -> [Finding] {
        let result = try OpenAPIAudit.audit(document(), localizer: Localizer(language: .en))
        return result.checks.flatMap(\.result.violations).filter { $0.severity >= .serious }
    }
}
