import Foundation
import VozJSON
import VozLocalization

extension OpenAPIFormBuilder {
    /// One operation found in `paths`.
    struct Operation {
        var id: String
        var method: String
        var path: String
        var node: JSONNode
        var pathItem: JSONNode
        /// The line of the method's key (`post:`), where a person looks for the operation.
        var keyLine = 0

        /// The operation's line: its method's key, else where its value starts.
        var line: Int { keyLine > 0 ? keyLine : node.line }

        /// The operation as `voz form --operation` takes it and the audit names it: its operationId, else its
        /// method and path (`POST /pets`).
        var name: String { node["operationId"]?.string ?? "\(method.uppercased()) \(path)" }
    }

    // MARK: - Finding

    /// The operation named by its operationId or by `METHOD /path`.
    static func find(_ name: String, in document: SpecDocument) throws(SpecError) -> Operation {
        let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
        let found = try operations(in: document).first { operation in
            operation.node["operationId"]?.string == name
                || (parts.count == 2 && parts[0].lowercased() == operation.method && parts[1] == operation.path)
        }
        guard let found else {
            throw .phrase(file: document.file, line: 0, key: "spec.operation.unknown", arguments: ["operation": name])
        }
        return found
    }

    /// Every operation of `paths`, in the order written; one without an operationId is named `method-path`.
    static func operations(in document: SpecDocument) throws(SpecError) -> [Operation] {
        guard let paths = document.root["paths"]?.members else {
            throw .phrase(file: document.file, line: document.root.line, key: "spec.paths.none", arguments: [:])
        }
        let resolver = SchemaResolver(document: document)
        return paths.flatMap { entry in
            let pathItem = (try? resolver.resolve(entry.value).schema) ?? entry.value
            return (pathItem.members ?? []).filter { methods.contains($0.key) }.map { member in
                Operation(
                    id: member.value["operationId"]?.string ?? "\(member.key)-\(entry.key)", method: member.key,
                    path: entry.key, node: member.value, pathItem: pathItem, keyLine: member.keyLine)
            }
        }
    }

    /// Every operation's name as `voz form --operation` takes it, in the order written: the operationId, else the
    /// method and path (`POST /pets`). Path items behind a `$ref` are followed, as when a form is built.
    public static func operationNames(in document: SpecDocument) throws(SpecError) -> [String] {
        try operations(in: document).map(\.name)
    }

    /// One operation as a listing names it: what `--operation` takes, its method in capitals, its path, and its
    /// summary on one line (empty when it has none).
    public struct OperationSummary: Sendable, Equatable {
        /// The operationId, else the method and path (`POST /pets`).
        public var name: String
        /// The method in capitals (`POST`).
        public var method: String
        /// The path as written (`/pets/{id}`).
        public var path: String
        /// The operation's summary, blanks folded; empty when it has none.
        public var summary: String
    }

    /// Every operation, in the order written, as `voz form` lists them when it is not told which one to build.
    public static func operationSummaries(in document: SpecDocument) throws(SpecError) -> [OperationSummary] {
        try operations(in: document).map { operation in
            let summary = operation.node["summary"]?.string ?? ""
            return OperationSummary(
                name: operation.name, method: operation.method.uppercased(), path: operation.path,
                summary: summary.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
    }

    /// The path item's parameters with the operation's own laid over them (same name and place); one whose
    /// reference is broken is left out, its error in `broken`, so the rest of the form is still built.
    static func parameters(
        of operation: Operation, resolver: SchemaResolver, broken: inout [SpecError]
    ) throws(SpecError) -> [JSONNode] {
        var result: [JSONNode] = []
        for node in (operation.pathItem["parameters"]?.elements ?? []) + (operation.node["parameters"]?.elements ?? [])
        {
            let parameter: JSONNode
            do {
                parameter = try resolver.resolve(node).schema
            } catch {
                guard SchemaFieldMapper.isBrokenReference(error) else { throw error }
                broken.append(error)
                continue
            }
            result.removeAll { $0["name"] == parameter["name"] && $0["in"] == parameter["in"] }
            result.append(parameter)
        }
        return result
    }

    // MARK: - Servers

    /// The first server's URL with its variables filled by their defaults, or `override`; no trailing slash.
    ///
    /// A relative server (`/api/v1`, `v2`, `//host/x`) is resolved against the address the description was read
    /// from (RFC 3986), as OpenAPI says; without servers, that address's root. A description read from a file has
    /// no such address, so `--server` must name one.
    static func serverURL(_ document: SpecDocument, override: String?) throws(SpecError) -> String {
        var url = override ?? ""
        let servers = document.root["servers"]
        if override == nil {
            let server = servers?.elements?.first
            let swagger = SwaggerTwo.isSwagger(document.root) ? SwaggerTwo.server(document.root) : nil
            url = server?["url"]?.string ?? swagger ?? "/"
            for variable in server?["variables"]?.members ?? [] {
                url = url.replacingOccurrences(of: "{\(variable.key)}", with: variable.value["default"]?.string ?? "")
            }
            if !URIReference.isAbsolute(url) {
                guard document.isRemote else {
                    throw .phrase(
                        file: document.file, line: server?["url"]?.line ?? 0, key: "spec.server.relative",
                        arguments: ["server": url])
                }
                url = URIReference.resolve(url, against: document.url)
                url = URIReference.split(url).document
                if let query = url.firstIndex(of: "?") { url = String(url[..<query]) }
            }
        }
        let lowered = url.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            throw .phrase(file: document.file, line: servers?.line ?? 0, key: "spec.server.none", arguments: [:])
        }
        return url.hasSuffix("/") ? String(url.dropLast()) : url
    }

    // MARK: - Security

    /// The environment variable a header's value is read from: `VOZ_` and the name in capitals, other characters
    /// as `_` (`Api-Key` → `VOZ_API_KEY`).
    static func environmentVariable(_ name: String) -> String {
        "VOZ_" + name.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }.map(String.init).joined()
    }

    /// A header for each API key or HTTP scheme the operation needs, read from an environment variable so the
    /// credential is never asked nor written in the form.
    static func securityHeaders(
        _ document: SpecDocument, operation: JSONNode, notes: inout [String], language: Language
    )
        -> [(String, JSONNode)]
    {
        let requirements = operation["security"]?.elements ?? document.root["security"]?.elements ?? []
        let schemes = document.root["components"]?["securitySchemes"] ?? document.root["securityDefinitions"]
        var headers: [(String, JSONNode)] = []
        for requirement in requirements.prefix(1) {
            for member in requirement.members ?? [] {
                guard let scheme = schemes?[member.key] else { continue }
                let variable = environmentVariable(member.key)
                if scheme["type"]?.string == "apiKey", scheme["in"]?.string == "header",
                    let name = scheme["name"]?.string
                {
                    headers.append((name, .string("$" + variable)))
                } else if scheme["type"]?.string == "http" || scheme["type"]?.string == "oauth2"
                    || scheme["type"]?.string == "basic"
                    || scheme["type"]?.string == "openIdConnect"
                {
                    headers.append(("Authorization", .string("$" + variable)))
                    notes.append(
                        Localizer(language: language).text("openapi.note.authorization", ["variable": variable]))
                } else {
                    notes.append(
                        Localizer(language: language).text("openapi.note.securityScheme", ["scheme": member.key]))
                }
            }
        }
        return headers
    }
}
