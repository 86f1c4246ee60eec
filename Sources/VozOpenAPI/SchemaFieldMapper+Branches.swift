import VozJSON

extension SchemaFieldMapper {
    /// One member of a `oneOf`/`anyOf` of objects, as the branch choice offers it.
    struct Branch {
        var schema: JSONNode
        var chain: [String]
        /// The option's value: the discriminator's value, else the tag's, else the schema's name, else its number.
        var value: String
        var label: String
        /// The value the tag property (`discriminator.propertyName`, or a `const` every branch has) is sent with.
        var tag: JSONNode?
        var hasOwnName: Bool
    }

    // MARK: - Branches

    /// Adds a choice asking which of `members` (objects) the body is, then each branch's fields, asked only while
    /// their branch is chosen. The choice itself is not sent: the discriminator (or a `const` tag) is sent as a
    /// constant of each branch. Properties alike in every branch are asked once, before the branches' own.
    mutating func addBranches(
        _ members: [JSONNode], of parent: JSONNode, path: [String], required: Bool, label: String, chain: [String]
    ) throws(SpecError) {
        let dotted = path.joined(separator: ".")
        var branches: [Branch] = []
        let tagName = parent["discriminator"]?["propertyName"]?.string
        for (offset, member) in members.enumerated() {
            let (schema, branchChain) = try resolver.resolve(member, chain: chain)
            guard Self.type(of: schema) == "object" else {
                notes.append(
                    note(
                        "openapi.note.branchNotObject", dotted, line: member.line,
                        ["kind": typeName(Self.type(of: schema) ?? "")]))
                continue
            }
            branches.append(
                branch(
                    schema, chain: branchChain, reference: member["$ref"]?.string, number: offset + 1, parent: parent))
        }
        guard !branches.isEmpty else { return }
        let tag = tagName ?? Self.constantTag(branches.map(\.schema))
        if let tag {
            for index in branches.indices where branches[index].tag == nil {
                branches[index].tag =
                    branches[index].schema["properties"]?[tag]?["const"]
                    ?? (tagName != nil ? .string(branches[index].value) : nil)
            }
        }
        // One object among plain values (GitHub's `oneOf: [{emails: […]}, [string], string]`) leaves nothing to
        // choose between: a choice of one option would be a question with one answer, so the object is asked.
        if branches.count == 1, required {
            try addOnly(branches[0], path: path, tag: tag)
            return
        }
        Self.makeUnique(&branches)
        let unnamed = branches.filter { !$0.hasOwnName }.map(\.label)
        if !unnamed.isEmpty {
            let key = unnamed.count == branches.count ? "openapi.note.untitled" : "openapi.note.someUntitled"
            notes.append(note(key, dotted, line: parent.line, ["labels": unnamed.joined(separator: ", ")]))
        }
        let shared = Self.sharedProperties(branches.map(\.schema), except: tag)
        var common = child()
        try common.addProperties(
            of: Self.only(shared, of: branches[0].schema), prefix: path, chain: branches[0].chain)
        var branchFields: [JSONNode] = []
        var branchConstants: [JSONNode] = []
        var taken = Set((common.fields + fields).compactMap { $0["id"]?.string })
        let choiceID = Self.unused(Self.id(path.isEmpty ? ["kind"] : path), in: taken)
        taken.insert(choiceID)
        for branch in branches {
            var mapper = child()
            let own = Self.without(shared + (tag.map { [$0] } ?? []), of: branch.schema)
            try mapper.addProperties(of: own, prefix: path, chain: branch.chain)
            let condition = JSONNode.object([("field", .string(choiceID)), ("equals", .string(branch.value))])
            var renamed: [String: String] = [:]
            for field in mapper.fields {
                guard let id = field["id"]?.string, taken.contains(id) else { continue }
                renamed[id] = Self.unused(id + "_" + Self.id([branch.value]), in: taken)
            }
            adoptFindings(of: mapper, renamed: renamed)
            for field in mapper.fields {
                let id = field["id"]?.string ?? ""
                taken.insert(renamed[id] ?? id)
                branchFields.append(Self.conditioned(field, on: condition, renamed: renamed))
            }
            branchConstants += mapper.constants.map { Self.conditioned($0, on: condition, renamed: renamed) }
            if let tag, let value = branch.tag {
                branchConstants.append(
                    .object([
                        ("path", .string((path + [tag]).joined(separator: "."))), ("value", JSONNode(value.value)),
                        ("when", condition),
                    ]))
            }
        }
        var choice: [(String, JSONNode)] = [
            ("id", .string(choiceID)), ("label", .string(label)), ("kind", .string("choice")),
            ("required", .bool(required)),
        ]
        if let description = parent["description"]?.string, let hint = SchemaWording.firstSentence(description) {
            choice.append(("hint", .string(hint)))
        }
        let options = branches.map { branch in
            JSONNode(
                .object([
                    JSONMember(key: "value", value: .string(branch.value)),
                    JSONMember(key: "label", value: .string(branch.label)),
                ]), line: branch.schema.line)
        }
        choice.append(("options", JSONNode(.array(options), line: parent.line)))
        choice.append(("in", .string("none")))
        fields.append(JSONNode(.object(choice.map { JSONMember(key: $0.0, value: $0.1) }), line: parent.line))
        fields += common.fields + branchFields
        constants += common.constants + branchConstants
        adoptFindings(of: common)
    }

    /// The fields of the only object branch, asked without a choice; its tag, if any, sent as it says.
    private mutating func addOnly(_ branch: Branch, path: [String], tag: String?) throws(SpecError) {
        var mapper = child()
        try mapper.addProperties(
            of: Self.without(tag.map { [$0] } ?? [], of: branch.schema), prefix: path, chain: branch.chain)
        adopt(mapper)
        if let tag, let value = branch.tag {
            constants.append(
                .object([("path", .string((path + [tag]).joined(separator: "."))), ("value", JSONNode(value.value))]))
        }
    }

    /// A branch's value and label from its title, the discriminator's mapping, its `const` tag or its schema name.
    private func branch(
        _ schema: JSONNode, chain: [String], reference: String?, number: Int, parent: JSONNode
    ) -> Branch {
        let name = Self.schemaName(reference)
        let discriminator = parent["discriminator"]
        let tagName = discriminator?["propertyName"]?.string
        // An explicit mapping names the branch by a key whose target is its $ref or its schema's bare name.
        let key = discriminator?["mapping"]?.members?.first { member in
            let target = member.value.string
            return target != nil && (target == reference || target == name)
        }?.key
        let constants = (schema["properties"]?.members ?? []).compactMap { member in
            member.value["const"]?.string.map { (member.key, $0) }
        }
        let tagValue = tagName.flatMap { tag in constants.first { $0.0 == tag }?.1 }
        let constantWord = constants.count == 1 ? constants[0].1 : nil
        let value = key ?? tagValue ?? (tagName != nil ? name : nil) ?? constantWord ?? name ?? String(number)
        // pydantic titles each model with its class name: such a title is a name, said in words. Any other title
        // is somebody's words, kept as written ("PayPal", never "Pay pal").
        let title = schema["title"]?.string.map { $0 == name ? SchemaWording.words($0) : $0 }
        let worded = (key ?? tagValue ?? constantWord ?? name).map(SchemaWording.words)
        return Branch(
            schema: schema, chain: chain, value: value,
            label: title ?? worded ?? text("openapi.option", ["number": String(number)]), tag: nil,
            hasOwnName: title != nil || worded != nil)
    }

    // MARK: - Parts of branches

    /// The name a reference gives its schema, its last segment: `#/components/schemas/Card` → `Card`.
    static func schemaName(_ reference: String?) -> String? {
        reference?.split(separator: "/").last.map(String.init)
    }

    /// The property every branch fixes with a `const` of its own value, when there is one.
    static func constantTag(_ schemas: [JSONNode]) -> String? {
        guard let first = schemas.first else { return nil }
        return (first["properties"]?.members ?? []).first { member in
            let values = schemas.compactMap { $0["properties"]?[member.key]?["const"]?.scalarText }
            return values.count == schemas.count && Set(values).count == values.count
        }?.key
    }

    /// Properties written alike (same schema, same requiredness) in every branch, in the first branch's order.
    static func sharedProperties(_ schemas: [JSONNode], except tag: String?) -> [String] {
        guard schemas.count > 1, let first = schemas.first else { return [] }
        let writer = JSONWriter(indent: 0)
        func signature(_ schema: JSONNode, _ name: String) -> String? {
            guard let property = schema["properties"]?[name] else { return nil }
            let required = schema["required"]?.elements?.contains { $0.string == name } == true
            return writer.text(property) + (required ? "!" : "?")
        }
        return (first["properties"]?.members ?? []).map(\.key).filter { name in
            name != tag && schemas.allSatisfy { signature($0, name) == signature(first, name) }
        }
    }

    /// `schema` with only the properties `names`.
    static func only(_ names: [String], of schema: JSONNode) -> JSONNode {
        filtered(schema) { names.contains($0) }
    }

    /// `schema` without the properties `names`.
    static func without(_ names: [String], of schema: JSONNode) -> JSONNode {
        filtered(schema) { !names.contains($0) }
    }

    private static func filtered(_ schema: JSONNode, keep: (String) -> Bool) -> JSONNode {
        let properties = (schema["properties"]?.members ?? []).filter { keep($0.key) }
        let required = (schema["required"]?.elements ?? []).filter { $0.string.map(keep) ?? false }
        var members = (schema.members ?? []).filter { !["properties", "required"].contains($0.key) }
        members.append(JSONMember(key: "properties", value: JSONNode(.object(properties))))
        members.append(JSONMember(key: "required", value: .array(required)))
        return JSONNode(.object(members), line: schema.line, column: schema.column)
    }

    /// A field or constant with `when` on its branch, unless it already depends on a choice inside the branch
    /// (whose id may have been renamed).
    static func conditioned(_ node: JSONNode, on condition: JSONNode, renamed: [String: String]) -> JSONNode {
        guard var members = node.members else { return node }
        if let id = members.firstIndex(where: { $0.key == "id" }), let old = members[id].value.string,
            let new = renamed[old]
        {
            members[id].value = .string(new)
        }
        if let when = members.firstIndex(where: { $0.key == "when" }) {
            if let old = members[when].value["field"]?.string, let new = renamed[old],
                var inner = members[when].value.members,
                let field = inner.firstIndex(where: { $0.key == "field" })
            {
                inner[field].value = .string(new)
                members[when].value = JSONNode(.object(inner))
            }
        } else {
            members.append(JSONMember(key: "when", value: condition))
        }
        return JSONNode(.object(members), line: node.line, column: node.column)
    }

    /// Option values made unique (two branches named alike get their number), since `when` tells them apart.
    static func makeUnique(_ branches: inout [Branch]) {
        var seen = Set<String>()
        for index in branches.indices {
            if seen.contains(branches[index].value) { branches[index].value += "_\(index + 1)" }
            seen.insert(branches[index].value)
        }
    }

    /// `id`, or `id_2`, `id_3`… when it is taken.
    static func unused(_ id: String, in taken: Set<String>) -> String {
        guard taken.contains(id) else { return id }
        var number = 2
        while taken.contains("\(id)_\(number)") { number += 1 }
        return "\(id)_\(number)"
    }
}
