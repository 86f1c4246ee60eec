import VozForm
import VozJSON

extension SchemaFieldMapper {
    // MARK: - Arrays

    /// The kind of an array property (`multichoice`, `group` or `list`), adding its options, item fields and
    /// rules; nil, with a note, for arrays a spoken form cannot ask.
    mutating func arrayKind(
        _ property: JSONNode, path: [String], chain: [String], members: inout [(String, JSONNode)],
        rules: inout [(String, JSONNode)]
    ) throws(SpecError) -> String? {
        let dotted = path.joined(separator: ".")
        guard let itemsNode = property["items"] else {
            notes.append(note("openapi.note.listWithoutItems", dotted, line: property.line))
            return nil
        }
        let (items, itemChain) = try resolver.resolve(itemsNode, chain: chain)
        let itemType = Self.type(of: items)
        if let union = Self.union(items) {
            guard case .constants(let constants) = try unionShape(union, chain: itemChain) else {
                notes.append(note("openapi.note.listOfKinds", dotted, line: property.line))
                return nil
            }
            members.append(("options", choiceOptions(constants: constants)))
            return "multichoice"
        }
        if let options = enumOptions(items, path: dotted) {
            members.append(("options", options))
            return "multichoice"
        }
        // A count past a million is no limit a person meets (OpenAI's `maxItems: 100000000`); Voz keeps none.
        for key in ["minItems", "maxItems"] {
            if let count = property[key]?.int, count <= 1_000_000 { rules.append((key, .number(count))) }
        }
        if property["uniqueItems"]?.bool == true { rules.append(("uniqueItems", .bool(true))) }
        if itemType == "object", items["properties"]?.members?.isEmpty == false {
            var inner = child()
            try inner.addProperties(of: items, prefix: [], chain: itemChain)
            adoptFindings(of: inner, group: Self.id(path))
            // A repeated item cannot branch: a choice of kinds inside it, and what hangs on it, is left out.
            let branching = inner.fields.filter { $0["in"] != nil || $0["when"] != nil }
            if !branching.isEmpty {
                let ids = branching.compactMap { $0["id"]?.string }.joined(separator: ", ")
                notes.append(note("openapi.note.groupBranches", dotted, line: property.line, ["fields": ids]))
                inner.fields.removeAll { $0["in"] != nil || $0["when"] != nil }
            }
            // An item of a group is asked question by question; a list, a choice of several or a group inside it
            // would nest one repetition in another, which a listener cannot follow (and Voz's form refuses).
            let nested = inner.fields.filter { !Self.memberKinds.contains($0["kind"]?.string ?? "") }
            for field in nested {
                let name = field["path"]?.string ?? field["id"]?.string ?? ""
                notes.append(note("openapi.note.groupNested", dotted + "." + name, line: field.line))
            }
            inner.fields.removeAll { !Self.memberKinds.contains($0["kind"]?.string ?? "") }
            guard !inner.fields.isEmpty else { return nil }
            let one = items["title"]?.string ?? SchemaWording.words(Self.singular(path.last ?? "item"))
            members.append(("itemLabel", .string(one)))
            members.append(("fields", .array(inner.fields)))
            return "group"
        }
        let itemKind: String
        switch itemType {
        case "integer", "number":
            itemKind = itemType ?? "number"
            rules += numberRules(items, path: path)
        case "string":
            itemKind = items["format"]?.string == "email" ? "email" : "text"
            rules += stringRules(items, path: path)
        default:
            notes.append(note("openapi.note.listOfValues", dotted, line: property.line))
            return nil
        }
        members.append(("items", .object([("kind", .string(itemKind))])))
        return "list"
    }

    /// The kinds a group's item may ask: the form decoder's own list.
    static let memberKinds = Set(FormDecoder.memberKinds.map(\.rawValue))

    static func singular(_ name: String) -> String {
        let lower = name.lowercased()
        // English plurals by their ending; the case of what is kept stays the name's (`emailAddresses`).
        func replacing(_ count: Int, with ending: String) -> String {
            let kept = name.dropLast(count)
            let capital = name.dropFirst(kept.count).first?.isUppercase == true
            return kept + (capital ? ending.prefix(1).uppercased() + ending.dropFirst() : ending)
        }
        // An irregular plural is a whole word: the name itself, or its last word (`guest_children`, `guestChildren`).
        let irregular = irregularPlurals.first { plural, _ in
            guard lower.hasSuffix(plural) else { return false }
            let start = name.dropLast(plural.count)
            return start.isEmpty || "_- ".contains(start.last ?? " ")
                || name.dropFirst(start.count).first?.isUppercase == true
        }
        if let (plural, one) = irregular { return replacing(plural.count, with: one) }
        if unchangedPlurals.contains(where: lower.hasSuffix) { return name }
        if lower.hasSuffix("ies"), lower.count > 4 { return replacing(3, with: "y") }
        if ["sses", "shes", "ches", "xes", "zes"].contains(where: lower.hasSuffix) { return replacing(2, with: "") }
        if ["ss", "us", "is"].contains(where: lower.hasSuffix) { return name }
        return lower.hasSuffix("s") ? String(name.dropLast()) : name
    }

    /// Plurals not made with an s, by their ending, and the ending of their singular.
    static let irregularPlurals: [String: String] = [
        "children": "child", "people": "person", "women": "woman", "men": "man", "feet": "foot", "teeth": "tooth",
        "mice": "mouse", "geese": "goose", "criteria": "criterion", "indices": "index", "matrices": "matrix",
        "analyses": "analysis", "statuses": "status", "addresses": "address", "buses": "bus", "bonuses": "bonus",
        "viruses": "virus", "lives": "life", "wives": "wife", "knives": "knife", "leaves": "leaf", "halves": "half",
    ]

    /// Endings of words whose plural is no different, or whose -ies or -es is the singular's own.
    static let unchangedPlurals = [
        "series", "species", "data", "movies", "cookies", "calories", "zombies", "news", "sheep", "fish",
    ]

    // MARK: - Values

    /// The schema's type: the first non-null one of a 3.1 type list, or guessed from `properties`/`items`/`enum`.
    static func type(of schema: JSONNode) -> String? {
        if let type = schema["type"]?.string { return type }
        if let types = schema["type"]?.elements?.compactMap(\.string) { return types.first { $0 != "null" } }
        if schema["properties"] != nil { return "object" }
        if schema["items"] != nil { return "array" }
        return nil
    }

    /// Choice options, values exactly as written (numbers stay numbers), labels from `names` or the value;
    /// `line` is the spec line the audit points at.
    static func options(_ values: [JSONNode], names: [String]?, line: Int = 0) -> JSONNode {
        JSONNode(
            .array(
                values.enumerated().map { offset, value in
                    let name = names.flatMap { offset < $0.count ? $0[offset] : nil }
                    let label = name ?? value.string.map(SchemaWording.words) ?? value.scalarText ?? "none"
                    return .object([("value", JSONNode(value.value)), ("label", .string(label))])
                }), line: line)
    }

    /// Bounds: `minimum`/`maximum`, `exclusiveMinimum`/`exclusiveMaximum` as 3.1 numbers or 3.0 flags, `multipleOf`.
    static func numberRules(_ schema: JSONNode) -> [(String, JSONNode)] {
        var rules: [(String, JSONNode)] = []
        for (bound, flag, inclusive, exclusive) in [
            ("minimum", "exclusiveMinimum", "min", "exclusiveMin"),
            ("maximum", "exclusiveMaximum", "max", "exclusiveMax"),
        ] {
            if let number = schema[flag]?.number {
                rules.append((exclusive, JSONNode(.number(number))))
            } else if let number = schema[bound]?.number, !storageLimits.contains(number.literal) {
                rules.append((schema[flag]?.bool == true ? exclusive : inclusive, JSONNode(.number(number))))
            }
        }
        if let step = schema["multipleOf"]?.number { rules.append(("multipleOf", JSONNode(.number(step)))) }
        return rules
    }

    /// The limits of 32- and 64-bit integers: Django REST framework writes them as `minimum`/`maximum` of every
    /// integer model field. They say how the database stores a number, not what a person may answer, and read
    /// aloud ("at most 9223372036854775807") they are noise.
    static let storageLimits: Set<String> = [
        "2147483647", "-2147483648", "4294967295", "9223372036854775807", "-9223372036854775808",
        "18446744073709551615",
    ]

    /// The example to show as a placeholder: `example`, else the first of `examples`, when it is a plain value.
    static func example(_ schema: JSONNode) -> String? {
        let node = schema["example"] ?? schema["examples"]?.elements?.first
        // An example the form file refuses as a placeholder, by the form decoder's own test, is left out: white
        // space only, a line break (OpenAI's `stop: "\n"`), a control character or a direction override.
        guard let node, node.members == nil, node.elements == nil, !node.isNull, let text = node.scalarText,
            !BlankText.isBlank(text), !text.unicodeScalars.contains(where: QuotedText.actsOnDisplay)
        else { return nil }
        return text
    }

    /// A field id from its body path: the members joined by dots, other characters replaced by `_`.
    static func id(_ path: [String]) -> String {
        let joined = path.joined(separator: ".")
        return String(joined.map { $0.isLetter || $0.isNumber || "_-.".contains($0) ? $0 : "_" }.prefix(100))
    }
}

extension SchemaFieldMapper {
    // MARK: - Parameters

    /// The URL field for a path or query parameter: its schema mapped like a property, with `in` added.
    mutating func parameterField(_ parameter: JSONNode, name: String, place: String) throws(SpecError) -> JSONNode? {
        var schema = parameter["schema"] ?? .object([])
        if let description = parameter["description"], schema["description"] == nil, var members = schema.members {
            members.append(JSONMember(key: "description", value: description))
            schema = JSONNode(.object(members), line: parameter.line)
        }
        let required = place == "path" || parameter["required"]?.bool == true
        var wrapper = child()
        try wrapper.addProperties(
            of: .object([
                ("properties", .object([(name, schema)])), ("required", .array(required ? [.string(name)] : [])),
            ]),
            prefix: [], chain: [])
        adoptFindings(of: wrapper)
        guard var field = wrapper.fields.first, var members = field.members else { return nil }
        members.removeAll { $0.key == "path" }
        members.append(JSONMember(key: "in", value: .string(place)))
        field.value = .object(members)
        return field
    }
}
