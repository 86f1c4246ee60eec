import VozForm
import VozJSON
import VozReplies

extension SchemaFieldMapper {
    /// What a `oneOf`/`anyOf` (without its null members) offers, which decides how it is asked.
    enum UnionShape {
        /// Every member is one fixed value (`const`, with a `title` for its label): a choice of those values.
        case constants([JSONNode])
        /// At least one member is an object: a choice of branches, each with its own fields.
        case objects
        /// Only plain values of different kinds: asked as the member `chosen`; `kinds` says them all in words,
        /// nil when `chosen` takes every answer the others would (a number for integers and numbers).
        case scalars(chosen: JSONNode, kinds: String?)
    }

    // MARK: - Null

    /// Whether a schema stands only for null: `{type: null}`, `{const: null}` or `{enum: [null]}`.
    static func isNull(_ schema: JSONNode) -> Bool {
        schema["type"]?.string == "null" || schema["const"]?.isNull == true
            || (schema["enum"]?.elements.map { $0.count == 1 && $0[0].isNull } ?? false)
    }

    /// `schema` with its null alternatives taken away, and whether it allows null: `anyOf`/`oneOf` with a
    /// `{type: null}` member, a 3.1 type list with `"null"`, or 3.0's `nullable: true`. A union left with one
    /// member becomes that member, with the outer keywords (title, description, default) laid over it.
    func withoutNull(_ schema: JSONNode, chain: [String]) throws(SpecError) -> (JSONNode, [String], Bool) {
        var nullable =
            schema["nullable"]?.bool == true || schema["type"]?.elements?.contains { $0.string == "null" } == true
        guard let all = schema["oneOf"]?.elements ?? schema["anyOf"]?.elements else { return (schema, chain, nullable) }
        let kept = all.filter { !Self.isNull($0) }
        nullable = nullable || kept.count < all.count
        guard kept.count == 1 else { return (schema, chain, nullable) }
        let (inner, innerChain) = try resolver.resolve(kept[0], chain: chain)
        let (unwrapped, finalChain, innerNullable) = try withoutNull(inner, chain: innerChain)
        return (SchemaResolver.merge(unwrapped, Self.withoutUnion(schema)), finalChain, nullable || innerNullable)
    }

    // MARK: - Unions

    /// The members of a schema's `oneOf` (else `anyOf`) without the null ones, when more than one is left.
    static func union(_ schema: JSONNode) -> [JSONNode]? {
        guard let all = schema["oneOf"]?.elements ?? schema["anyOf"]?.elements else { return nil }
        let members = all.filter { !isNull($0) }
        return members.count > 1 ? members : nil
    }

    /// `schema` without `oneOf`, `anyOf` and `discriminator`, so its own keywords can be laid over a member.
    static func withoutUnion(_ schema: JSONNode) -> JSONNode {
        guard let members = schema.members else { return schema }
        let kept = members.filter { !["oneOf", "anyOf", "discriminator"].contains($0.key) }
        return JSONNode(.object(kept), line: schema.line, column: schema.column)
    }

    /// How a union of several non-null members is asked: constants become a choice, objects branches, and plain
    /// values of different kinds one field of the kind that takes every answer the others would (text when a
    /// string is allowed, a number for integers and numbers), else of the first member's kind.
    func unionShape(_ members: [JSONNode], chain: [String]) throws(SpecError) -> UnionShape {
        var resolved: [JSONNode] = []
        for member in members { resolved.append(try resolver.resolve(member, chain: chain).schema) }
        let types = resolved.map { Self.type(of: $0) ?? (Self.union($0) != nil ? "object" : "value") }
        if types.contains("object") { return .objects }
        if resolved.allSatisfy({ $0["const"] != nil && $0["const"]?.isNull == false }) {
            return .constants(resolved)
        }
        var unique: [String] = []
        for type in types where !unique.contains(type) { unique.append(type) }
        let kinds = alternatives(unique.map(typeName))
        if let text = resolved.first(where: { Self.type(of: $0) == "string" }) {
            return .scalars(chosen: text, kinds: kinds)
        }
        if types.allSatisfy({ $0 == "integer" || $0 == "number" }) {
            let number = resolved.first { Self.type(of: $0) == "number" } ?? resolved[0]
            return .scalars(chosen: number, kinds: nil)
        }
        return .scalars(chosen: resolved[0], kinds: kinds)
    }

    /// A hint from `x-enum-descriptions` (openapi-generator), each option's label and its description: "Sunny:
    /// Blue sky. Rainy: Take an umbrella." Only for a few options, as it is heard before the options themselves.
    static func optionDescriptions(_ schema: JSONNode, options: JSONNode?) -> String? {
        guard let descriptions = schema["x-enum-descriptions"]?.elements?.map({ $0.string ?? "" }),
            let labels = options?.elements?.compactMap({ $0["label"]?.string }), labels.count == descriptions.count,
            (1...6).contains(labels.count), descriptions.allSatisfy({ !$0.isEmpty })
        else { return nil }
        return zip(labels, descriptions).map { label, description in
            "\(label): \(ReplyReading.terminated(SchemaWording.firstSentence(description) ?? description))"
        }.joined(separator: " ")
    }

    // MARK: - Words

    /// A JSON Schema type in words, for notes: `integer` → "a whole number".
    func typeName(_ type: String) -> String {
        let known = ["string", "integer", "number", "boolean", "array", "object"]
        return text("openapi.type." + (known.contains(type) ? type : "other"))
    }

    /// Alternatives joined for a sentence: "a, b or c".
    func alternatives(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + text("openapi.or") + last
    }

    // MARK: - Choices

    /// Options from `oneOf` members that are each one `const`: the value exactly as written, the member's
    /// `title` as its label, else the value in words.
    func choiceOptions(constants: [JSONNode]) -> JSONNode {
        JSONNode(
            .array(
                constants.compactMap { member in
                    guard let value = member["const"] else { return nil }
                    let label =
                        member["title"]?.string ?? value.string.map(SchemaWording.words) ?? value.scalarText ?? ""
                    return JSONNode(
                        .object([
                            JSONMember(key: "value", value: JSONNode(value.value)),
                            JSONMember(key: "label", value: .string(label)),
                        ]), line: member.line)
                }), line: constants.first?.line ?? 0)
    }

    /// Options for an `enum`, labelled by `x-enumNames` (NSwag), else `x-enum-varnames` (openapi-generator) in
    /// words, else the values in words; names whose count differs from the values' are ignored with a note.
    mutating func enumOptions(_ schema: JSONNode, path: String) -> JSONNode? {
        guard let written = schema["enum"]?.elements else { return nil }
        var names: [String]?
        for key in ["x-enumNames", "x-enum-varnames"] where names == nil {
            guard let given = schema[key]?.elements else { continue }
            let texts = given.compactMap(\.string)
            guard texts.count == written.count, texts.count == given.count else {
                notes.append(
                    note(
                        "openapi.note.enumNames", path, line: schema[key]?.line ?? schema.line,
                        ["key": key, "names": String(given.count), "values": String(written.count)]))
                continue
            }
            // NSwag writes C# member names (`StreamableHttp`), other tools labels ("In progress"): a name without
            // a space is an identifier, said in words.
            names =
                key == "x-enumNames"
                ? texts.map { $0.contains(" ") ? $0 : SchemaWording.words($0) } : SchemaWording.varnames(texts)
        }
        // An empty text among the values (`enum: ['', draft, published]`) is "none": an option with no words
        // cannot be said, and leaving the field empty already sends nothing.
        let kept = written.indices.filter { written[$0].string.map(BlankText.isBlank) != true }
        if kept.count < written.count {
            notes.append(note("openapi.note.enumEmpty", path, line: schema["enum"]?.line ?? schema.line))
            guard !kept.isEmpty else { return nil }
        }
        let values = kept.map { written[$0] }
        names = names.map { all in kept.map { all[$0] } }
        // drf-spectacular keeps Django's choice labels only in the description, one line each.
        if names == nil, let listed = schema["description"]?.string.flatMap(SchemaWording.choiceList) {
            let labels = values.map { value in value.scalarText.flatMap { listed[$0] } }
            if labels.allSatisfy({ $0 != nil }) { names = labels.compactMap { $0 } }
        }
        return Self.options(values, names: names, line: schema.line)
    }
}
