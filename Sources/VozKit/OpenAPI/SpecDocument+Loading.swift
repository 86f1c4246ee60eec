import VozJSON

extension SpecDocument {
    // MARK: - Loading with references

    /// Reads the description at `source` (a file path or an http(s) address) through `loader`, then every
    /// document its references point into, each once, so `$ref`s to other files and addresses resolve.
    ///
    /// A document that cannot be read is not an error until a reference into it is followed: a description may
    /// name documents the chosen operation never uses. More than `maxDocuments` documents, or more than
    /// `maxBytes` in all, ends the reading at once. A description read from the network never reads a file of
    /// this computer.
    public static func load(_ source: String, loader: any SpecLoader) async throws(SpecError) -> SpecDocument {
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
        var total = first.bytes.count
        var count = 1
        while let next = document.registry.wanted.first {
            try await document.read(next, total: &total, count: &count, loader: loader)
        }
        return document
    }

    /// Reads the document `wanted` into the registry, or records why it cannot be read.
    private mutating func read(
        _ wanted: SchemaRegistry.Wanted, total: inout Int, count: inout Int, loader: any SpecLoader
    ) async throws(SpecError) {
        let name = registry.displayName(of: wanted.uri)
        func fail(_ failure: SpecLoadFailure) {
            registry.failures[wanted.uri] = .unloadable(
                url: name, failure: failure, referredFrom: wanted.file, line: wanted.line)
            registry.forget(wanted.uri)
        }
        if isRemote, wanted.uri.lowercased().hasPrefix("file:") { return fail(.fileFromNetwork) }
        count += 1
        guard count <= Self.maxDocuments else {
            throw .phrase(
                file: wanted.file, line: wanted.line, key: "spec.ref.tooManyDocuments",
                arguments: ["count": String(Self.maxDocuments)])
        }
        let source: SpecBytes
        do {
            source = try await loader.load(wanted.uri)
        } catch {
            return fail(error)
        }
        total += source.bytes.count
        guard total <= Self.maxBytes else {
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
