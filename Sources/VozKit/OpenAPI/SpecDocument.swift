import Foundation
import VozJSON

/// An OpenAPI description or JSON Schema as read from a file: its name for messages and its root node with the
/// line of every value.
public struct SpecDocument: Sendable {
    /// The largest description read. Large public specs are a few megabytes.
    public static let maxBytes = 64 * 1024 * 1024

    /// The file as it was named.
    public var file: String
    public var root: JSONNode

    public init(file: String, root: JSONNode) {
        self.file = file
        self.root = root
    }

    /// Reads the file at `path`: `.json` through the JSON parser, anything else as YAML (of which JSON is a part).
    public static func load(path: String) throws(SpecError) -> SpecDocument {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(file: path, reason: "there is no file with that name")
        }
        guard !isDirectory.boolValue else { throw .unreadable(file: path, reason: "it is a folder, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(file: path, reason: "permission to read it is denied")
        }
        guard data.count <= maxBytes else {
            throw .unreadable(file: path, reason: "it is larger than \(ByteSize.describe(maxBytes))")
        }
        return try decode(bytes: Array(data), file: path, isJSON: path.lowercased().hasSuffix(".json"))
    }

    /// Decodes a description's bytes; `file` names it in errors.
    public static func decode(bytes: [UInt8], file: String, isJSON: Bool) throws(SpecError) -> SpecDocument {
        if isJSON {
            do {
                return SpecDocument(file: file, root: try JSONParser(maxDepth: 256, maxBytes: maxBytes).parse(bytes))
            } catch {
                throw .notParsable(file: file, line: error.line, problem: "not valid JSON: \(error.problem)")
            }
        }
        do {
            return SpecDocument(file: file, root: try YAMLReader(maxDepth: 256).parse(bytes))
        } catch {
            throw .notParsable(file: file, line: error.line, problem: error.problem)
        }
    }

    /// The node at a JSON pointer inside this document (`#/components/schemas/Pet`), or nil.
    public func node(at pointer: String) -> JSONNode? {
        guard pointer.hasPrefix("#") else { return nil }
        var node = root
        let path = pointer.dropFirst()
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
