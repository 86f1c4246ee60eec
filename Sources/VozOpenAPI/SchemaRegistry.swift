import Foundation
import VozJSON

/// Every schema resource and anchor of a description and of the documents its references point into, so a
/// `$ref` finds its target by URI whichever document holds it.
///
/// Each document is indexed once, as it is read: its `$ref`s are rewritten to one canonical form, resolved
/// against the base URI of the schema that holds them (changed by `$id`), so the resolver compares and follows them
/// without knowing where they were written. References into the description itself keep the short form `#…`, so
/// a description without other documents reads exactly as written. `$id` (2020-12, and draft-07 with its `#name`
/// anchors), `$anchor` and `$dynamicAnchor` name resources and anchors.
package struct SchemaRegistry: Sendable {
    /// A schema node and the file it was written in, for messages.
    struct Entry: Sendable {
        var node: JSONNode
        var file: String
    }

    /// A document a reference points into that is not read yet, with the first place that refers to it.
    struct Wanted: Sendable, Equatable {
        var uri: String
        var file: String
        var line: Int
    }

    /// Whether a keyword's value is data, never a schema: a `$ref` inside an example is an example.
    static func isData(_ key: String) -> Bool {
        switch key.utf8.count {
        case 4: return key == "enum"
        case 5: return key == "const"
        case 7: return key == "default" || key == "example"
        case 8: return key == "examples"
        default: return false
        }
    }

    private(set) var resources: [String: Entry] = [:]
    private(set) var anchors: [String: Entry] = [:]
    private(set) var wanted: [Wanted] = []
    /// Documents that could not be read or parsed: the error, said when a reference into one is followed.
    var failures: [String: SpecError] = [:]
    /// The URIs that name the description itself: the address it was read from and its root `$id`.
    private(set) var rootURIs: Set<String> = []
    /// draft-07 and older: `$id` beside a `$ref` is ignored.
    private(set) var legacyDialect = false
    private let rootDirectory: String
    private let rootDisplayDirectory: String

    init(rootURI: String, rootFile: String) {
        rootURIs = [rootURI]
        rootDirectory = String(rootURI[...(rootURI.lastIndex(of: "/") ?? rootURI.startIndex)])
        rootDisplayDirectory = rootFile.lastIndex(of: "/").map { String(rootFile[...$0]) } ?? ""
    }

    // MARK: - Indexing

    /// Indexes the document `node` read from `uri` (and, after redirects, `finalURI`) and returns it with its
    /// references in canonical form. `walk` false takes the description as it is, for one whose bytes
    /// `needsWalk(_:)` found nothing in.
    mutating func add(
        document node: JSONNode, uri: String, finalURI: String? = nil, file: String, walk: Bool = true
    ) -> JSONNode {
        let isRoot = rootURIs.contains(uri)
        if isRoot, let schema = node["$schema"]?.string {
            legacyDialect = ["draft-07", "draft-06", "draft-04", "draft-03"].contains { schema.contains($0) }
        }
        let base = finalURI ?? uri
        if isRoot { rootURIs.insert(base) }
        let fromNetwork = Self.isNetwork(uri)
        let indexed =
            walk || !isRoot
            ? index(node, base: base, file: file, isDocumentRoot: isRoot, fromNetwork: fromNetwork) ?? node : node
        let entry = Entry(node: indexed, file: file)
        for name in [uri, base] where resources[canonicalDocument(name)] == nil {
            resources[canonicalDocument(name)] = entry
        }
        wanted.removeAll { resources[$0.uri] != nil }
        return indexed
    }

    /// `node` with its references in canonical form, or nil when none changed: a large description is walked
    /// without copying the parts that have no references.
    private mutating func index(
        _ node: JSONNode, base: String, file: String, isDocumentRoot: Bool, fromNetwork: Bool
    ) -> JSONNode? {
        if let elements = node.elements {
            var changed: [JSONNode]?
            for offset in elements.indices {
                guard
                    let element = index(
                        elements[offset], base: base, file: file, isDocumentRoot: false, fromNetwork: fromNetwork)
                else {
                    continue
                }
                if changed == nil { changed = elements }
                changed?[offset] = element
            }
            return changed.map { JSONNode(.array($0), line: node.line, column: node.column) }
        }
        guard let original = node.members else { return nil }
        // One look at each key's first byte finds the keywords that name or reach schemas, so a large description
        // without them is walked at the cost of reading it.
        var identifier: String?
        var hasReference = false
        var anchorNames: [String] = []
        for member in original where member.key.utf8.first == UInt8(ascii: "$") {
            switch member.key {
            case "$id": identifier = member.value.string
            case "$anchor", "$dynamicAnchor": if let name = member.value.string { anchorNames.append(name) }
            case "$ref": hasReference = true
            default: break
            }
        }
        var members: [JSONMember]?
        var base = base
        var resourceURI: String?
        if let identifier, !(legacyDialect && hasReference) {
            let resolved = URIReference.resolve(identifier, against: base)
            let (document, fragment) = URIReference.split(resolved)
            if !identifier.hasPrefix("#") {
                base = document
                if isDocumentRoot { rootURIs.insert(document) }
                resourceURI = document
            }
            // draft-07: `"$id": "#name"` (or a URI ending in `#name`) is a plain-name anchor.
            if !fragment.isEmpty, !fragment.hasPrefix("/") { anchorNames.append(fragment) }
        }
        for offset in original.indices {
            let member = original[offset]
            if member.key.utf8.first == UInt8(ascii: "$"), member.key == "$ref" || member.key == "$dynamicRef",
                let reference = member.value.string
            {
                let resolved = URIReference.resolve(reference, against: base)
                // A document from the network may name only the network: its `$id` may claim any base, so the rule
                // looks at where the reference leads, and the document it leads to is never asked for.
                if fromNetwork, !Self.isNetwork(resolved) {
                    if members == nil { members = original }
                    members?[offset].value.value = .string(refuse(resolved, file: file, line: member.value.line))
                    continue
                }
                let canonical = canonical(resolved)
                let document = URIReference.split(canonical).document
                if !document.isEmpty, resources[document] == nil, !wanted.contains(where: { $0.uri == document }) {
                    wanted.append(Wanted(uri: document, file: file, line: member.value.line))
                }
                guard canonical != reference else { continue }
                if members == nil { members = original }
                members?[offset].value.value = .string(canonical)
            } else if member.value.members != nil || member.value.elements != nil, !Self.isData(member.key),
                let child = index(
                    member.value, base: base, file: file, isDocumentRoot: false, fromNetwork: fromNetwork)
            {
                if members == nil { members = original }
                members?[offset].value = child
            }
        }
        var indexed = node
        if let members { indexed.value = .object(members) }
        let entry = Entry(node: indexed, file: file)
        if let resourceURI { resources[canonicalDocument(resourceURI)] = entry }
        for name in anchorNames { anchors[canonicalDocument(base) + "#" + name] = entry }
        return members == nil ? nil : indexed
    }

    /// Whether a description's bytes may hold anything the walk would find: an `$id`, an anchor, a `$dynamicRef`,
    /// or a `$ref` that is not a plain `#…` pointer into the description itself. Most descriptions hold none, and
    /// one look at their bytes spares a walk of every node (`make bench`, figure 10, measures the two side by side).
    package static func needsWalk(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var index = 0
            while index < count {
                guard buffer[index] == 0x24 else {  // "$"
                    // "\u0024", "\x24" or "\U00000024": a "$" written as an escape, which the parsers read as "$".
                    if buffer[index] == 0x5C, Self.isEscapedDollar(buffer, at: index + 1) { return true }
                    index += 1
                    continue
                }
                switch index + 1 < count ? buffer[index + 1] : 0 {
                case 0x72:  // "$r": $ref ($recursiveRef and $recursiveAnchor, which the walk leaves alone, are not)
                    guard Self.matches(buffer, at: index + 1, "ref") else { break }
                    var next = index + 4
                    // Quotes, blanks and the colon between the key and its value.
                    while next < count, [0x22, 0x27, 0x20, 0x09, 0x3A].contains(buffer[next]) { next += 1 }
                    if next < count, buffer[next] != 0x23 { return true }  // not "#"
                case 0x69, 0x61, 0x64:  // "$i", "$a", "$d": $id, $anchor, $dynamic…
                    if Self.matches(buffer, at: index + 1, "id") || Self.matches(buffer, at: index + 1, "anchor")
                        || Self.matches(buffer, at: index + 1, "dynamic")
                    {
                        return true
                    }
                default: break
                }
                index += 1
            }
            return false
        }
    }

    /// Whether the escape after a backslash at `start - 1` (`x24`, `u0024`, `U00000024`) stands for "$".
    private static func isEscapedDollar(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard start < buffer.count, [0x78, 0x75, 0x55].contains(buffer[start]) else { return false }  // x u U
        var next = start + 1
        while next < buffer.count, buffer[next] == 0x30 { next += 1 }  // "0"
        return matches(buffer, at: next, "24")
    }

    private static func matches(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int, _ word: StaticString) -> Bool {
        guard start + word.utf8CodeUnitCount <= buffer.count else { return false }
        for offset in 0..<word.utf8CodeUnitCount where buffer[start + offset] != word.utf8Start[offset] {
            return false
        }
        return true
    }

    // MARK: - Scope

    /// Whether `uri` is an http(s) address. `urn:` and other names no loader reads count as the network's: they
    /// reach only what a document read already names.
    static func isNetwork(_ uri: String) -> Bool {
        let scheme = URIReference.Parts(uri).scheme?.lowercased()
        return scheme != nil && scheme != "file"
    }

    /// The reference a refused one is kept as: a name of its own, whose failure says why when it is followed.
    private mutating func refuse(_ uri: String, file: String, line: Int) -> String {
        let name = Self.refusedScheme + String(failures.count)
        failures[name] = .unloadable(
            url: displayName(of: URIReference.split(uri).document), failure: .fileFromNetwork, referredFrom: file,
            line: line)
        return name
    }

    /// The scheme of refused references: no URI a document writes is one, since nothing is indexed under it.
    static let refusedScheme = "voz-refused:"

    // MARK: - Names

    /// "" for the description itself, else the absolute URI without its fragment.
    func canonicalDocument(_ uri: String) -> String {
        let document = URIReference.split(uri).document
        return rootURIs.contains(document) ? "" : document
    }

    /// The canonical form of an absolute reference: `#fragment` inside the description, else the absolute URI.
    func canonical(_ uri: String) -> String {
        let (document, fragment) = URIReference.split(uri)
        let canonicalDocument = canonicalDocument(document)
        if canonicalDocument.isEmpty { return "#" + fragment }
        return fragment.isEmpty ? canonicalDocument : canonicalDocument + "#" + fragment
    }

    /// The name of a document for messages: beside the description, its path as the description was named.
    func displayName(of uri: String) -> String {
        if uri.isEmpty { return rootDisplayDirectory.isEmpty ? "the description" : rootDisplayDirectory }
        if uri.hasPrefix("file:"), uri.hasPrefix(rootDirectory) {
            let rest = String(uri.dropFirst(rootDirectory.count))
            return rootDisplayDirectory + (rest.removingPercentEncoding ?? rest)
        }
        if uri.hasPrefix("file:"), let url = URL(string: uri) { return url.path }
        return uri
    }

    /// A canonical reference as a person reads it: `common.yaml#/components/schemas/Address`.
    func display(_ reference: String) -> String {
        let (document, fragment) = URIReference.split(reference)
        if document.isEmpty { return "#" + fragment }
        return displayName(of: document) + (fragment.isEmpty ? "" : "#" + fragment)
    }

    // MARK: - Finding

    /// The schema a canonical reference points to, nil when its document is read but holds nothing there, or
    /// the error of its document when that could not be read.
    func target(of reference: String) -> Result<Entry, SpecError>? {
        let (document, fragment) = URIReference.split(reference)
        guard let resource = resources[document] else {
            if let failure = failures[document] { return .failure(failure) }
            return nil
        }
        if fragment.isEmpty { return .success(resource) }
        if fragment.hasPrefix("/") {
            guard let node = SpecDocument.node(atPointer: fragment, in: resource.node) else { return nil }
            return .success(Entry(node: node, file: resource.file))
        }
        return anchors[document + "#" + fragment].map { .success($0) }
    }

    /// Drops `uri` from the documents still wanted, once it is read or known unreadable.
    mutating func forget(_ uri: String) { wanted.removeAll { $0.uri == uri } }
}
