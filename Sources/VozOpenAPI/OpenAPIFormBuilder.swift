import Foundation
import VozForm
import VozJSON
import VozLocalization

/// Builds a Voz form file from an OpenAPI 3.0/3.1 operation or a bare JSON Schema.
///
/// The result is the form file's JSON, ready for `JSONWriter` and for `FormFile.decode`, with notes saying what
/// the description holds that a spoken form leaves out and why.
public enum OpenAPIFormBuilder {
    /// A generated form file, where each of its parts comes from in the description, and the notes for its author.
    public struct Output: Sendable {
        /// The form file's JSON, ready to write out or decode.
        public var form: JSONNode
        /// For the form's author, in English: what the description holds that the form leaves out, and why.
        public var notes: [String]
        /// Lines of the description for the form's JSON paths (`fields[2].label` → the property's `title` line),
        /// so an audit of the generated form points into the description.
        public var sourceMap: SourceMap
        /// Patterns left to the server because Voz's matcher would read them differently (each is also a note,
        /// and a `pattern-unchecked` finding when the form is audited).
        public var uncheckedPatterns: [UncheckedPattern] = []
        /// Where each field's label came from, by `FieldProvenance.key` (the field's id after its groups' ids).
        public var provenance: [String: FieldProvenance] = [:]
    }

    /// How a form is built beyond the description itself.
    public struct Options: Sendable, Equatable {
        /// Ask the members a program fills (a CSRF token, a captcha answer…), which are otherwise left out.
        public var askPlumbing: Bool
        /// The language the description's own words (labels, hints) are in, when the user says so; else its
        /// `info.x-language`, else none known.
        public var descriptionLanguage: Language?

        /// Options that leave out the members a program fills, in a description language found in the description, if
        /// any.
        public init(askPlumbing: Bool = false, descriptionLanguage: Language? = nil) {
            self.askPlumbing = askPlumbing
            self.descriptionLanguage = descriptionLanguage
        }
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
    /// The methods Voz sends a form with; the audit names the other operations as having no form.
    static let formMethods: Set<String> = ["post", "put", "patch"]

    /// The schema of the request body Voz can send, JSON when offered, else form-encoded; nil when neither is.
    /// `contentType` is the media type to say when it is not plain `application/json`: a structured-syntax
    /// `+json` type (RFC 6839: `application/vnd.api+json`, `application/merge-patch+json`) is JSON, and the server
    /// that asks for it may refuse the same bytes labelled `application/json`.
    static func sendableBody(_ content: JSONNode?) -> (schema: JSONNode, body: String, contentType: String?)? {
        let members = content?.members ?? []
        if let plain = members.first(where: { mediaType($0.key) == "application/json" }),
            let schema = plain.value["schema"]
        {
            return (schema, "json", nil)
        }
        if let structured = members.first(where: { mediaType($0.key).hasSuffix("+json") }),
            let schema = structured.value["schema"]
        {
            return (schema, "json", structured.key)
        }
        if let schema = content?["application/x-www-form-urlencoded"]?["schema"] { return (schema, "form", nil) }
        return nil
    }

    /// A media type without its parameters, in lower case (`application/vnd.api+json; ext=bulk` → its type).
    private static func mediaType(_ key: String) -> String {
        let type = key.split(separator: ";", maxSplits: 1).first.map(String.init) ?? key
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    // MARK: - OpenAPI

    /// The form for the operation `operation` (an operationId, or `METHOD /path`) of an OpenAPI description;
    /// `server` replaces the description's first server; `language` is the form's locale, the language Voz speaks
    /// its own sentences in (the labels stay the description's words).
    public static func form(
        openAPI document: SpecDocument, operation: String, server: String?, language: Language = .en,
        options: Options = Options()
    ) throws(SpecError) -> Output {
        try form(
            openAPI: document, operation: find(operation, in: document), server: server, language: language,
            options: options)
    }

    /// The form for the operation `found`, already looked up (the audit walks every operation once).
    static func form(
        openAPI document: SpecDocument, operation found: Operation, server: String?, language: Language,
        options: Options = Options()
    ) throws(SpecError) -> Output {
        let resolver = SchemaResolver(document: document)
        let operation = found.name
        var notes: [String] = []
        guard formMethods.contains(found.method) else {
            throw .phrase(
                file: document.file, line: found.line, key: "spec.operation.method",
                arguments: ["operation": operation, "method": found.method.uppercased()])
        }
        var mapper = SchemaFieldMapper(resolver: resolver, language: language)
        mapper.askPlumbing = options.askPlumbing
        mapper.creates = found.method == "post"
        // The same words the audit's `purpose-missing` reads in the form: its id, title and address path.
        mapper.context = [
            found.id,
            found.node["summary"]?.string.flatMap(SchemaWording.firstSentence) ?? SchemaWording.words(found.id),
            found.path,
        ]
        var parameterFields: [JSONNode] = []
        var idempotencyHeader: String?
        var parameterHeaders: [(String, JSONNode)] = []
        var broken: [SpecError] = []
        let swagger = SwaggerTwo.isSwagger(document.root)
        var swaggerBody: [JSONNode] = []
        let parameters = try parameters(of: found, resolver: resolver, broken: &broken)
        for error in broken {
            notes.append(
                mapper.text("openapi.note.brokenParameter", ["problem": error.message(Localizer(language: language))]))
        }
        for written in parameters {
            let place = written["in"]?.string ?? ""
            guard let name = written["name"]?.string else { continue }
            // Swagger 2.0 writes the body as a parameter, and a parameter's type beside its name.
            if swagger, place == "body" || place == "formData" {
                swaggerBody.append(written)
                continue
            }
            let parameter = swagger ? SwaggerTwo.parameter(written) : written
            // Voz makes an idempotency key for every send and keeps it for retries: that header is its own to fill.
            if place == "header", name.lowercased().contains("idempotency") {
                idempotencyHeader = name
                continue
            }
            // A required header (Discourse's `Api-Key`, `Api-Username`) is a credential or a setting of the
            // caller, never a person's answer: read from the environment, as a security scheme's is.
            if place == "header", parameter["required"]?.bool == true {
                let variable = environmentVariable(name)
                parameterHeaders.append((name, .string("$" + variable)))
                notes.append(
                    mapper.text(
                        "openapi.note.headerFromEnvironment",
                        ["name": name, "variable": variable, "line": String(parameter.line)]))
                continue
            }
            guard place == "path" || place == "query" else {
                notes.append(
                    mapper.text(
                        "openapi.note.headerParameter",
                        ["place": place, "name": name, "line": String(parameter.line)]))
                continue
            }
            if let field = try mapper.parameterField(parameter, name: name, place: place) {
                parameterFields.append(field)
            }
        }
        var path = found.path
        parameterFields = distinctPathIDs(parameterFields, path: &path)
        var body = "json"
        var contentType: String?
        if let requestNode = found.node["requestBody"] {
            let (request, _) = try resolver.resolve(requestNode)
            guard let sendable = sendableBody(request["content"]) else {
                throw .phrase(
                    file: document.file, line: request.line, key: "spec.operation.body",
                    arguments: ["operation": operation])
            }
            body = sendable.body
            contentType = sendable.contentType
            try mapper.addProperties(of: sendable.schema, prefix: [], chain: [])
        } else if let sendable = SwaggerTwo.body(
            of: swaggerBody, consumes: SwaggerTwo.consumes(found.node, root: document.root))
        {
            body = sendable.body
            try mapper.addProperties(of: sendable.schema, prefix: [], chain: [])
        }
        notes += mapper.notes
        let base = try serverURL(document, override: server)
        // Some descriptions (OpenAI's) write paragraphs of markdown as the summary; a title is one sentence.
        let summary =
            found.node["summary"]?.string.flatMap(SchemaWording.firstSentence) ?? SchemaWording.words(found.id)
        var submit: [(String, JSONNode)] = [
            ("label", .string(summary)), ("url", .string(base + path)), ("method", .string(found.method.uppercased())),
            ("body", .string(body)),
        ]
        if let idempotencyHeader { submit.append(("idempotencyHeader", .string(idempotencyHeader))) }
        var headers = securityHeaders(document, operation: found.node, notes: &notes, language: language)
        let named = Set(headers.map { $0.0.lowercased() })
        headers += parameterHeaders.filter { !named.contains($0.0.lowercased()) }
        // The form's own Content-Type replaces Voz's `application/json`, so the body goes as the server asked.
        if let contentType, !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
            headers.append(("Content-Type", .string(contentType)))
        }
        if !headers.isEmpty { submit.append(("headers", .object(headers))) }
        let changes = ["put", "patch"].contains(found.method.lowercased())
        let localizer = Localizer(language: language)
        let newValue = { (label: String) in localizer.text("openapi.label.newValue", ["label": label]) }
        let bodyFields = distinctBodyIDs(mapper.fields, beside: parameterFields, newValue: changes ? newValue : nil)
        var fields = parameterFields + bodyFields
        for id in SchemaFieldMapper.distinctLabels(&fields, parents: mapper.parents) {
            mapper.provenance[id]?.parent = mapper.parents[id]
        }
        // The description's words are in its own language: the user's word for it, else its `info.x-language`,
        // else what its prose plainly is (an English description generated with `--language de` says English).
        let prose = [
            document.root["info"]?["title"]?.string, document.root["info"]?["description"]?.string,
            found.node["summary"]?.string, found.node["description"]?.string,
        ]
        let labels =
            options.descriptionLanguage
            ?? document.root["info"]?["x-language"]?.string.flatMap {
                Language(localeTag: $0)
            }
            ?? DescriptionLanguage.guess(DescriptionLanguage.texts(form: fields, title: summary, prose: prose))
        let form = formNode(
            id: SchemaFieldMapper.id([found.id]), title: summary, fields: fields, labels: labels,
            constants: mapper.constants, submit: submit, language: language,
            success: successMessage(found.node, resolver: resolver))
        return Output(
            form: form, notes: notes, sourceMap: sourceMap(form, operation: found, document: document),
            uncheckedPatterns: mapper.uncheckedPatterns, provenance: mapper.provenance)
    }

    // MARK: - JSON Schema

    /// The form for a bare JSON Schema (draft-07 or 2020-12) of an object, sent to `url` with `method`.
    public static func form(
        schema document: SpecDocument, url: String, method: String, language: Language = .en,
        options: Options = Options()
    ) throws(SpecError) -> Output {
        var mapper = SchemaFieldMapper(resolver: SchemaResolver(document: document), language: language)
        mapper.askPlumbing = options.askPlumbing
        try mapper.addProperties(of: document.root, prefix: [], chain: [])
        for id in SchemaFieldMapper.distinctLabels(&mapper.fields, parents: mapper.parents) {
            mapper.provenance[id]?.parent = mapper.parents[id]
        }
        let title = document.root["title"]?.string ?? "Form"
        let id = SchemaFieldMapper.id([document.root["title"]?.string.map { $0.lowercased() } ?? "form"])
        let submit: [(String, JSONNode)] = [
            ("label", .string(title)), ("url", .string(url)), ("method", .string(method.uppercased())),
        ]
        let prose = [document.root["description"]?.string]
        let labels =
            options.descriptionLanguage
            ?? DescriptionLanguage.guess(DescriptionLanguage.texts(form: mapper.fields, title: title, prose: prose))
        let form = formNode(
            id: id, title: title, fields: mapper.fields, labels: labels,
            constants: mapper.constants, submit: submit, language: language)
        return Output(
            form: form, notes: mapper.notes, sourceMap: sourceMap(form, root: document.root),
            uncheckedPatterns: mapper.uncheckedPatterns, provenance: mapper.provenance)
    }

    /// The form file. Its locale is the user's language, so Voz's own sentences (and its busy label) are said in
    /// it, while labels and hints stay the description's words.
    private static func formNode(
        id: String, title: String, fields: [JSONNode], labels: Language? = nil, constants: [JSONNode],
        submit: [(String, JSONNode)], language: Language, success: String? = nil
    ) -> JSONNode {
        var members: [(String, JSONNode)] = [
            ("id", .string(id.replacingOccurrences(of: " ", with: "-"))), ("title", .string(title)),
            ("locale", .string(language.rawValue)),
        ]
        // Only a language other than the form's needs saying: the labels are then spoken with its voice.
        if let labels, labels != language { members.append(("labelsLocale", .string(labels.rawValue))) }
        members.append(("fields", .array(fields)))
        if !constants.isEmpty { members.append(("constants", .array(constants))) }
        // A generated form reads itself back before it changes data, and names what it is doing while it sends.
        let busy = Localizer(language: language).text("openapi.busyLabel")
        members.append(("submit", .object(submit + [("busyLabel", .string(busy)), ("review", .bool(true))])))
        // The operation's own word for success ("The account was created.") in place of Voz's "Form sent.".
        if let success { members.append(("messages", .object([("server.success", .string(success))]))) }
        return .object(members)
    }
}
