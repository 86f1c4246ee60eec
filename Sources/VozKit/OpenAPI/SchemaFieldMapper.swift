import VozJSON

/// Maps a JSON Schema object's properties to Voz form fields (docs/openapi.md has the table), in the order the
/// properties are written, nested objects as dotted paths, with notes on what is left out and why.
struct SchemaFieldMapper {
    let resolver: SchemaResolver
    private(set) var fields: [JSONNode] = []
    private(set) var constants: [JSONNode] = []
    var notes: [String] = []
    /// Patterns left to the server because Voz's matcher would read them differently (each also in `notes`).
    var uncheckedPatterns: [UncheckedPattern] = []

    init(resolver: SchemaResolver) {
        self.resolver = resolver
    }

    static let keyOrder = [
        "id", "label", "kind", "required", "mustAccept", "hint", "placeholder", "purpose", "options", "items",
        "itemLabel", "fields", "rules", "path", "in",
    ]

    // MARK: - Objects

    /// Adds a field for each property of the object `schema`, its paths under `prefix`.
    mutating func addProperties(of schema: JSONNode, prefix: [String], chain: [String]) throws(SpecError) {
        let (object, chain) = try resolver.resolve(schema, chain: chain)
        let required = Set((object["required"]?.elements ?? []).compactMap(\.string))
        for property in object["properties"]?.members ?? [] {
            if let field = try field(
                named: property.key, schema: property.value, required: required.contains(property.key),
                path: prefix + [property.key], chain: chain)
            {
                fields.append(field)
            }
        }
    }

    /// The field for one property, or nil when it is not asked (a note or a constant says why); nested objects
    /// add their own fields instead.
    private mutating func field(
        named name: String, schema: JSONNode, required: Bool, path: [String], chain: [String]
    ) throws(SpecError) -> JSONNode? {
        let dotted = path.joined(separator: ".")
        // A recursive schema (a node with a parent node) would ask for ever; the repeated part is left out.
        if let reference = schema["$ref"]?.string, chain.contains(reference) {
            notes.append("\(dotted) repeats its own schema \(reference), so it is not asked (line \(schema.line)).")
            return nil
        }
        var (property, chain) = try resolver.resolve(schema, chain: chain)
        if let options = property["anyOf"]?.elements ?? property["oneOf"]?.elements, options.count == 2,
            let other = options.first(where: { $0["type"]?.string != "null" }),
            options.contains(where: { $0["type"]?.string == "null" })
        {
            let (inner, innerChain) = try resolver.resolve(other, chain: chain)
            property = SchemaResolver.merge(property, inner)
            chain = innerChain
        }
        if property["readOnly"]?.bool == true { return nil }
        if property["deprecated"]?.bool == true {
            notes.append("\(dotted) is deprecated, so it is not asked (line \(property.line)).")
            return nil
        }
        let type = Self.type(of: property)
        if let constant = property["const"], !(type == "boolean" && constant.bool == true) {
            constants.append(.object([("path", .string(dotted)), ("value", JSONNode(constant.value))]))
            return nil
        }
        var members: [(String, JSONNode)] = [("id", .string(Self.id(path)))]
        // Each spoken part keeps the line it comes from, so an audit of the form points into the description.
        members.append(
            (
                "label",
                JSONNode(
                    .string(property["title"]?.string ?? SchemaWording.words(name)),
                    line: property["title"]?.line ?? property.line)
            ))
        var rules: [(String, JSONNode)] = []
        var isSecret = false
        switch type {
        case "object":
            guard property["properties"]?.members?.isEmpty == false else {
                notes.append("\(dotted) is a free-form object, which a spoken form cannot ask (line \(property.line)).")
                return nil
            }
            var nested = SchemaFieldMapper(resolver: resolver)
            try nested.addProperties(of: property, prefix: path, chain: chain)
            fields.append(contentsOf: nested.fields)
            constants.append(contentsOf: nested.constants)
            notes.append(contentsOf: nested.notes)
            uncheckedPatterns.append(contentsOf: nested.uncheckedPatterns)
            return nil
        case "array":
            guard let kind = try arrayKind(property, path: path, chain: chain, members: &members, rules: &rules)
            else { return nil }
            members.append(("kind", .string(kind)))
        case "boolean":
            members.append(("kind", .string("confirm")))
            members.append(("mustAccept", .bool(property["const"]?.bool == true)))
        default:
            if let options = property["enum"]?.elements {
                members.append(("kind", .string("choice")))
                members.append(
                    ("options", Self.options(options, names: property["x-enumNames"]?.elements, line: property.line)))
            } else if type == "integer" || type == "number" {
                members.append(("kind", .string(type ?? "number")))
                rules += numberRules(property, path: path)
            } else {
                let format = property["format"]?.string
                let lowered = name.lowercased()
                isSecret = format == "password" || (property["writeOnly"]?.bool == true && lowered.contains("password"))
                let kind =
                    isSecret
                    ? "secret"
                    : format == "email" || lowered.contains("email")
                        ? "email"
                        : (property["maxLength"]?.int ?? 0) > 500 ? "multiline" : "text"
                members.append(("kind", .string(kind)))
                rules += stringRules(property, path: path)
            }
        }
        members.append(("required", .bool(required)))
        if let description = property["description"]?.string, let hint = SchemaWording.firstSentence(description) {
            members.append(("hint", JSONNode(.string(hint), line: property["description"]?.line ?? property.line)))
        }
        if !isSecret, let example = Self.example(property) {
            let line = (property["example"] ?? property["examples"])?.line ?? property.line
            members.append(("placeholder", JSONNode(.string(example), line: line)))
        }
        if let purpose = SchemaWording.purpose(name: name, format: property["format"]?.string, isSecret: isSecret) {
            members.append(("purpose", .string(purpose)))
        }
        if !rules.isEmpty {
            members.append(
                ("rules", JSONNode(.object(rules.map { JSONMember(key: $0.0, value: $0.1) }), line: property.line)))
        }
        members.append(("path", .string(dotted)))
        // The keys go in the order a person reads a form file: what the field is, then how it is checked.
        let ordered = members.enumerated().sorted {
            (Self.keyOrder.firstIndex(of: $0.element.0) ?? 99, $0.offset)
                < (Self.keyOrder.firstIndex(of: $1.element.0) ?? 99, $1.offset)
        }
        return JSONNode(
            .object(ordered.map { JSONMember(key: $0.element.0, value: $0.element.1) }), line: property.line)
    }
}
