import VozJSON

/// Which parts of a description the documents its references name are read for.
public enum SpecReach: Sendable, Equatable {
    /// Every document any reference names, used or not.
    case everything
    /// What one operation (its operationId, or `METHOD /path`) reaches: `voz form` and `voz run`.
    case operation(String)
    /// What every operation of `paths` reaches, and never an unused component: `voz audit --openapi`.
    case operations
    /// What a bare JSON Schema's root reaches, and never an unused `$defs` entry: `voz form --schema`.
    case schema
}

extension SpecDocument {
    // MARK: - Loading with references

    /// Reads the description at `source` (a file path or an http(s) address) through `loader`, then the
    /// documents its references point into that `reach` needs, each once, so `$ref`s to other files and addresses
    /// resolve. A reference nothing reaches is never followed: a bad one in an unused component costs nothing.
    ///
    /// A document that cannot be read is not an error until a reference into it is followed. More than
    /// `maxDocuments` documents, or more than `maxBytes` in all, ends the reading at once. A document read from
    /// the network never reads a file of this computer (`SchemaRegistry` refuses such references).
    public static func load(
        _ source: String, loader: any SpecLoader, reaching reach: SpecReach = .everything
    ) async throws(SpecError) -> SpecDocument {
        let address = Self.address(of: source)
        let first: SpecBytes
        do {
            first = try await loader.load(address)
        } catch {
            throw .unloadable(url: source, failure: error, referredFrom: nil, line: 0)
        }
        var document = SpecDocument(
            file: source, root: try parse(bytes: first.bytes, file: source, isJSON: first.isJSON), url: address,
            finalURI: first.url, walk: SchemaRegistry.needsWalk(first.bytes))
        var budget = Budget(total: first.bytes.count)
        let root = (node: document.root, file: document.file)
        switch reach {
        case .everything:
            while let next = document.registry.wanted.first {
                try await document.read(next, budget: &budget, loader: loader)
            }
        case .schema:
            try await document.readReached(from: [root], budget: &budget, loader: loader)
        case .operations:
            let paths = document.root["paths"].map { [(node: $0, file: document.file)] } ?? []
            try await document.readReached(from: paths, budget: &budget, loader: loader)
        case .operation(let name):
            // Path items behind a `$ref` first, so the operation is found wherever it is written.
            let items = (document.root["paths"]?.members ?? []).map { (node: $0.value, file: document.file) }
            try await document.readReached(from: items, budget: &budget, loader: loader, chainsOnly: true)
            guard let found = try? OpenAPIFormBuilder.find(name, in: document) else { return document }
            let parts = [found.node] + (found.pathItem["parameters"].map { [$0] } ?? [])
            try await document.readReached(
                from: parts.map { (node: $0, file: document.file) }, budget: &budget, loader: loader)
        }
        return document
    }

    /// How many documents were read, and how many bytes in all.
    private struct Budget {
        var total: Int
        var count = 1
    }

    // MARK: - Reaching

    /// Reads every document the references under `starts` lead to, following each reference once and walking
    /// the schema it reaches in turn; `chainsOnly` follows only each start's own `$ref` and the `$ref` of what that
    /// reaches (a path item's), not the references inside.
    private mutating func readReached(
        from starts: [(node: JSONNode, file: String)], budget: inout Budget, loader: any SpecLoader,
        chainsOnly: Bool = false
    ) async throws(SpecError) {
        var queue = starts
        var followed: Set<String> = []
        while let (node, file) = queue.popLast() {
            let references =
                chainsOnly
                ? node["$ref"].flatMap { ref in ref.string.map { [(reference: $0, line: ref.line)] } } ?? []
                : Self.references(in: node)
            for (reference, line) in references where followed.insert(reference).inserted {
                let holder = URIReference.split(reference).document
                if !holder.isEmpty, registry.target(of: holder) == nil {
                    try await read(
                        SchemaRegistry.Wanted(uri: holder, file: file, line: line), budget: &budget, loader: loader)
                }
                if case .success(let entry) = registry.target(of: reference) { queue.append((entry.node, entry.file)) }
            }
        }
    }

    /// The `$ref`s under `node` with their lines, leaving out data (`example`, `enum`…) and schemas kept only to be
    /// referred to (`$defs`, `definitions`), which count only when a reference reaches them.
    static func references(in node: JSONNode, key: String = "") -> [(reference: String, line: Int)] {
        if let elements = node.elements { return elements.flatMap { references(in: $0) } }
        guard let members = node.members else { return [] }
        // Under `properties` the keys are names, not keywords: a property may be called `example`.
        let isNames = key == "properties" || key == "patternProperties" || key == "dependentSchemas"
        var found: [(reference: String, line: Int)] = []
        for member in members {
            if !isNames, member.key == "$ref", let reference = member.value.string {
                found.append((reference, member.value.line))
            } else if isNames
                || !(SchemaRegistry.isData(member.key) || member.key == "$defs"
                    || member.key == "definitions")
            {
                found += references(in: member.value, key: isNames ? "" : member.key)
            }
        }
        return found
    }

    // MARK: - Reading

    /// Reads the document `wanted` into the registry, or records why it cannot be read.
    private mutating func read(
        _ wanted: SchemaRegistry.Wanted, budget: inout Budget, loader: any SpecLoader
    ) async throws(SpecError) {
        let name = registry.displayName(of: wanted.uri)
        func fail(_ failure: SpecLoadFailure) {
            registry.failures[wanted.uri] = .unloadable(
                url: name, failure: failure, referredFrom: wanted.file, line: wanted.line)
            registry.forget(wanted.uri)
        }
        budget.count += 1
        guard budget.count <= Self.maxDocuments else {
            throw .phrase(
                file: wanted.file, line: wanted.line, key: "spec.ref.tooManyDocuments",
                arguments: ["count": String(Self.maxDocuments)])
        }
        let source: SpecBytes
        do {
            source = try await loader.loadReferenced(wanted.uri)
        } catch {
            return fail(error)
        }
        budget.total += source.bytes.count
        guard budget.total <= Self.maxBytes else {
            throw .phrase(
                file: wanted.file, line: wanted.line, key: "spec.ref.tooLarge",
                arguments: ["size": ByteSize.describe(Self.maxBytes)])
        }
        do {
            let node = try Self.parse(bytes: source.bytes, file: name, isJSON: source.isJSON)
            _ = registry.add(document: node, uri: wanted.uri, finalURI: source.url, file: name)
        } catch {
            registry.failures[wanted.uri] = error
            registry.forget(wanted.uri)
        }
    }
}
