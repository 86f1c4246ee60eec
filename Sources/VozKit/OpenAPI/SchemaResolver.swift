import VozJSON

/// Follows `$ref` and merges `allOf` in one document, so the form builder sees each schema whole.
///
/// References are local JSON pointers (`#/components/schemas/Pet`). A chain of references that comes back to
/// one already being followed stops with a sentence naming it and its line, instead of recursing for ever.
/// Merged schemas keep their properties in the order written: the first `allOf` member's first, then the next
/// member's, then the schema's own; a property named twice keeps its first place and takes the later keywords.
struct SchemaResolver: Sendable {
    let document: SpecDocument
    /// How many `$ref` may be followed for one schema before it is taken as a runaway chain.
    static let maxChain = 64

    /// `schema` with its `$ref` followed and its `allOf` merged; `chain` is the references already open above it.
    func resolve(_ schema: JSONNode, chain: [String] = []) throws(SpecError) -> (schema: JSONNode, chain: [String]) {
        guard let members = schema.members else { return (schema, chain) }
        var chain = chain
        var resolved = schema
        if let reference = schema["$ref"] {
            guard let pointer = reference.string else {
                throw .invalid(file: document.file, line: reference.line, problem: "$ref must be a text")
            }
            guard !chain.contains(pointer), chain.count < Self.maxChain else {
                throw .invalid(
                    file: document.file, line: reference.line,
                    problem: "the schema \(pointer) contains itself, so its form would never end")
            }
            guard pointer.hasPrefix("#") else {
                throw .invalid(
                    file: document.file, line: reference.line,
                    problem: "$ref \(pointer) points into another file, which this version does not follow")
            }
            guard let target = document.node(at: pointer) else {
                throw .invalid(file: document.file, line: reference.line, problem: "$ref \(pointer) points to nothing")
            }
            chain.append(pointer)
            let (targetSchema, targetChain) = try resolve(target, chain: chain)
            chain = targetChain
            // OpenAPI 3.1 and JSON Schema 2019+ apply a $ref's siblings together with its target.
            let siblings = members.filter { $0.key != "$ref" }
            resolved = siblings.isEmpty ? targetSchema : Self.merge(targetSchema, JSONNode(.object(siblings)))
            resolved.line = schema.line
        }
        if let parts = resolved["allOf"]?.elements, let own = resolved.members {
            var merged = JSONNode(.object([]), line: resolved.line, column: resolved.column)
            for part in parts {
                let (partSchema, _) = try resolve(part, chain: chain)
                merged = Self.merge(merged, partSchema)
            }
            resolved = Self.merge(merged, JSONNode(.object(own.filter { $0.key != "allOf" })))
        }
        return (resolved, chain)
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
