import Foundation
import VozSupport

/// Where descriptions come from: reads the OpenAPI description or JSON Schema at a file or http(s) address, and
/// every document its `$ref`s point into.
///
/// `SpecDocument.load(_:loader:)` asks the loader for the description and then for each other document a
/// reference names, once each. The loader is injected so VozKit's tests and callers decide how bytes arrive;
/// `CurlSpecLoader` is the one the `voz` commands use (files from disk; http and https through libcurl,
/// size-bounded, with a timeout, few redirects, and plain HTTP only to this machine).
///
/// ```swift
/// let document = try await SpecDocument.load("http://127.0.0.1:8080/openapi.json", loader: CurlSpecLoader())
/// let output = try OpenAPIFormBuilder.form(openAPI: document, operation: "createAccount", server: nil)
/// ```
public protocol SpecLoader: Sendable {
    /// The document at the absolute `url` (`file:`, `http:` or `https:`), or why it cannot be read.
    func load(_ url: String) async throws(SpecLoadFailure) -> SpecBytes

    /// The document at `url` that a reference names: as `load(_:)`, but a loader that reads files opens only a
    /// file there, never a pipe or a device (only the description the user named may be one).
    func loadReferenced(_ url: String) async throws(SpecLoadFailure) -> SpecBytes
}

extension SpecLoader {
    /// A loader that reads no files of its own reads a reference's document as any other.
    public func loadReferenced(_ url: String) async throws(SpecLoadFailure) -> SpecBytes {
        try await load(url)
    }
}

/// A document's bytes as a loader read them.
public struct SpecBytes: Sendable {
    /// The address the bytes came from, after redirects: the base of the document's relative references.
    public var url: String
    /// The document as read, undecoded.
    public var bytes: [UInt8]
    /// Whether the bytes are JSON (true), YAML (false), or unknown (nil: decided by their first character).
    public var isJSON: Bool?

    /// Bytes read from `url`, with what the loader knows of their format.
    public init(url: String, bytes: [UInt8], isJSON: Bool?) {
        self.url = url
        self.bytes = bytes
        self.isJSON = isJSON
    }

    /// JSON or YAML from a media type (`application/json`, `application/schema+json`, `application/yaml`,
    /// `text/yaml`…) or else the name's extension; nil when neither says.
    public static func isJSON(contentType: String?, path: String) -> Bool? {
        let type = (contentType ?? "").split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        if let type, type == "application/json" || type.hasSuffix("+json") || type == "text/json" { return true }
        if let type, type.contains("yaml") { return false }
        let name = path.lowercased()
        if name.hasSuffix(".json") { return true }
        if name.hasSuffix(".yaml") || name.hasSuffix(".yml") { return false }
        return nil
    }

    /// The file at `path`, read from `address`, when it is of a kind `accepting` takes and of at most `limit`
    /// bytes.
    static func read(
        path: String, address: String, limit: Int, accepting: BoundedFile.Accepting
    ) throws(SpecLoadFailure) -> SpecBytes {
        let data: Data
        do {
            data = try BoundedFile.read(path: path, limit: limit, accepting: accepting)
        } catch {
            switch error {
            case .noFile: throw .noFile
            case .folder: throw .folder
            case .denied, .readFailed: throw .denied
            case .tooLarge: throw .tooLarge(limit: limit)
            case .special(.pipe): throw .notAFile(.pipe)
            case .special(.device): throw .notAFile(.device)
            case .special(.socket): throw .notAFile(.socket)
            }
        }
        return SpecBytes(url: address, bytes: Array(data), isJSON: isJSON(contentType: nil, path: path))
    }
}
