import VozJSON

/// Follows `$ref` and merges `allOf`, so the form builder sees each schema whole.
///
/// References are in the canonical form `SchemaRegistry` gives them (`#/components/schemas/Pet` inside the
/// description, absolute URIs into other documents, `$id` and `$anchor` names resolved). A chain of references
/// that comes back to one already being followed stops with a sentence naming the chain and its line, instead of
/// recursing for ever. Merged schemas keep their properties in the order written: the first `allOf` member's
/// first, then the next member's, then the schema's own; a property named twice keeps its first place and takes
/// the later keywords.
struct SchemaResolver: Sendable {
    let document: SpecDocument
    /// How many `$ref` may be followed for one schema before it is taken as a runaway chain.
    static let maxChain = 64

    /// `schema` with its `$ref` followed and its `allOf` merged; `chain` is the references already open above it.
    func resolve(_ schema: JSONNode, chain: [String] = []) throws(SpecError) -> (schema: JSONNode, chain: [String]) {
        guard let members = schema.members else { return (schema, chain) }
        var chain = chain
        var resolved = schema
        for keyword in ["$dynamicRef", "$recursiveRef"] where schema[keyword] != nil {
            throw .phrase(
                file: file(of: chain), line: schema[keyword]?.line ?? schema.line, key: "spec.ref.dynamic",
                arguments: ["keyword": keyword])
        }
        if let reference = schema["$ref"] {
            guard let pointer = reference.string else {
                throw .phrase(file: file(of: chain), line: reference.line, key: "spec.ref.notText", arguments: [:])
            }
            if let start = chain.firstIndex(of: pointer) {
                let loop = (chain[start...] + [pointer]).map(display)
                throw .phrase(
                    file: file(of: chain), line: reference.line,
                    key: loop.count > 2 ? "spec.ref.cycle" : "spec.ref.selfCycle",
                    arguments: ["schema": loop[0], "chain": loop.dropFirst().joined(separator: ", ")])
            }
            guard chain.count < Self.maxChain else {
                throw .phrase(
                    file: file(of: chain), line: reference.line, key: "spec.ref.tooDeep",
                    arguments: ["count": String(Self.maxChain)])
            }
            let target: JSONNode
            switch document.registry.target(of: pointer) {
            case .success(let entry): target = entry.node
            case .failure(let error): throw error
            case nil:
                let holder = URIReference.split(pointer).document
                let isRead = holder.isEmpty || document.registry.target(of: holder) != nil
                throw .phrase(
                    file: file(of: chain), line: reference.line,
                    key: isRead ? "spec.ref.nothing" : "spec.ref.notRead", arguments: ["ref": display(pointer)])
            }
            chain.append(pointer)
            let (targetSchema, targetChain) = try resolve(target, chain: chain)
            chain = targetChain
            // OpenAPI 3.1 and JSON Schema 2019+ apply a $ref's siblings together with its target; draft-07 and
            // older ignore them.
            let siblings = document.registry.legacyDialect ? [] : members.filter { $0.key != "$ref" }
            resolved = siblings.isEmpty ? targetSchema : Self.merge(targetSchema, JSONNode(.object(siblings)))
            resolved.line = schema.line
        }
        if let parts = resolved["allOf"]?.elements, let own = resolved.members {
            var merged = JSONNode(.object([]), line: resolved.line, column: resolved.column)
            var reached = chain
            for part in parts {
                let (partSchema, partChain) = try resolve(part, chain: chain)
                merged = Self.merge(merged, partSchema)
                // A part's references stay open for what the merged schema holds: a property whose `allOf` refers
                // back to an enclosing schema (`$ref: "#"`) is a loop, not one more level for ever (found by the
                // fuzzer: a stack overflow). The last reference stays last: it names the schema's file.
                let opened = partChain.filter { !reached.contains($0) }
                reached.insert(contentsOf: opened, at: max(0, reached.count - 1))
            }
            chain = reached
            resolved = Self.merge(merged, JSONNode(.object(own.filter { $0.key != "allOf" })))
        }
        return (resolved, chain)
    }

    // MARK: - Names

    /// A canonical reference as a person reads it (`common.yaml#/components/schemas/Address`).
    func display(_ reference: String) -> String { document.registry.display(reference) }

    /// The file that holds the schemas reached through `chain`: the last reference's, else the description.
    func file(of chain: [String]) -> String {
        guard let last = chain.last, case .success(let entry) = document.registry.target(of: last) else {
            return document.file
        }
        return entry.file
    }

    // MARK: - Merging

    /// `base` with `extra`'s keywords laid over it: `properties` joined in order, `required` joined.
    static func merge(_ base: JSONNode, _ extra: JSONNode) -> JSONNode {
        guard var members = base.members, let extraMembers = extra.members else { return extra }
        for member in extraMembers {
            guard let index = members.firstIndex(where: { $0.key == member.key }) else {
                members.append(member)
                continue
            }
            switch member.key {
            case "properties":
                members[index].value = mergeProperties(members[index].value, member.value)
            case "required":
                let old = members[index].value.elements ?? []
                let unique = (member.value.elements ?? []).filter { new in !old.contains { $0.string == new.string } }
                members[index].value = JSONNode(.array(old + unique), line: members[index].value.line)
            default:
                members[index].value = member.value
            }
        }
        return JSONNode(.object(members), line: base.line, column: base.column)
    }

    private static func mergeProperties(_ base: JSONNode, _ extra: JSONNode) -> JSONNode {
        guard var members = base.members, let extraMembers = extra.members else { return extra }
        for member in extraMembers {
            if let index = members.firstIndex(where: { $0.key == member.key }) {
                members[index].value = merge(members[index].value, member.value)
            } else {
                members.append(member)
            }
        }
        return JSONNode(.object(members), line: base.line, column: base.column)
    }
}
