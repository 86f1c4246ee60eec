import Foundation
import VozJSON

/// An OpenAPI description or JSON Schema as read from a file or address: its name for messages, its root node
/// with the line of every value, and the documents its references point into.
public struct SpecDocument: Sendable {
    /// The largest description read, and the most its referenced documents may add up to. Large public specs are
    /// a few megabytes.
    public static let maxBytes = 64 * 1024 * 1024
    /// The most documents one description may draw on, itself included.
    public static let maxDocuments = 100

    /// The file or address as it was named.
    public var file: String
    /// The root node, with its `$ref`s in the canonical form of `SchemaRegistry` (as written, for local ones).
    public var root: JSONNode
    /// The absolute URI the description was read from: the base of its relative references and servers.
    public var url: String
    /// The address the description's bytes came from after redirects; `url` when there were none.
    public var finalURL: String
    /// Every schema resource and anchor of the description and of the documents read for it.
    var registry: SchemaRegistry

    /// A description named `file`, read from `url` (by default `file` itself when it is an http(s) address, else
    /// its file URL).
    public init(file: String, root: JSONNode, url: String? = nil) {
        self.init(file: file, root: root, url: url, walk: true)
    }

    /// `walk` false when the description's bytes hold no identifiers and only local references; `finalURI` the
    /// address a redirect ended at, when it differs from `url`.
    package init(file: String, root: JSONNode, url: String?, finalURI: String? = nil, walk: Bool) {
        self.file = file
        self.url = url ?? Self.address(of: file)
        finalURL = finalURI ?? self.url
        registry = SchemaRegistry(rootURI: self.url, rootFile: file)
        self.root = registry.add(document: root, uri: self.url, finalURI: finalURI, file: file, walk: walk)
    }

    /// Whether the description was read from the network rather than a file.
    public var isRemote: Bool { !url.lowercased().hasPrefix("file:") }

    /// The absolute URI of a description named `location`: an http(s) address as it is, else the `file:` URI of
    /// the path, made absolute against the current directory.
    static func address(of location: String) -> String {
        let lowered = location.lowercased()
        guard !lowered.hasPrefix("http://"), !lowered.hasPrefix("https://") else { return location }
        return URL(fileURLWithPath: location).standardizedFileURL.absoluteString
    }

    /// Reads the file at `path`: `.json` through the JSON parser, anything else as YAML (of which JSON is a part).
    /// References into other documents are not followed; `load(_:loader:)` follows them.
    public static func load(path: String) throws(SpecError) -> SpecDocument {
        let source: SpecBytes
        do {
            source = try SpecBytes.read(
                path: path, address: address(of: path), limit: maxBytes, accepting: .fileOrPipe)
        } catch {
            throw .unloadable(url: path, failure: error, referredFrom: nil, line: 0)
        }
        return try decode(bytes: source.bytes, file: path, isJSON: path.lowercased().hasSuffix(".json"))
    }

    /// Decodes a description's bytes; `file` names it in errors.
    public static func decode(bytes: [UInt8], file: String, isJSON: Bool) throws(SpecError) -> SpecDocument {
        SpecDocument(
            file: file, root: try parse(bytes: bytes, file: file, isJSON: isJSON), url: nil,
            walk: SchemaRegistry.needsWalk(bytes))
    }

    /// The node tree of a document's bytes: JSON, YAML, or (`isJSON` nil) JSON when it starts like JSON and
    /// parses as JSON, else YAML.
    package static func parse(bytes: [UInt8], file: String, isJSON: Bool?) throws(SpecError) -> JSONNode {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if isJSON == true || (isJSON == nil && (first == UInt8(ascii: "{") || first == UInt8(ascii: "["))) {
            do {
                return try JSONParser(maxDepth: 256, maxBytes: maxBytes).parse(bytes)
            } catch {
                if isJSON == true {
                    throw .notParsable(file: file, line: error.line, problem: "not valid JSON: \(error.problem)")
                }
            }
        }
        do {
            return try YAMLReader(maxDepth: 256).parse(bytes)
        } catch {
            throw .notParsable(file: file, line: error.line, problem: error.problem)
        }
    }

    // MARK: - Pointers

    /// The node at a JSON pointer inside this document (`#/components/schemas/Pet`), or nil.
    public func node(at pointer: String) -> JSONNode? {
        guard pointer.hasPrefix("#") else { return nil }
        return Self.node(atPointer: String(pointer.dropFirst()), in: root)
    }

    /// The node at a JSON pointer (`/components/schemas/Pet`, percent-encoded as in a URI fragment) under `root`.
    static func node(atPointer path: String, in root: JSONNode) -> JSONNode? {
        var node = root
        guard !path.isEmpty else { return root }
        guard path.hasPrefix("/") else { return nil }
        for rawToken in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let token = (String(rawToken).removingPercentEncoding ?? String(rawToken))
                .replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let members = node.members, let member = members.last(where: { $0.key == token }) {
                node = member.value
            } else if let elements = node.elements, let index = Int(token), elements.indices.contains(index) {
                node = elements[index]
            } else {
                return nil
            }
        }
        return node
    }
}
