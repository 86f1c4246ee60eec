import VozAudit
import VozForm
import VozJSON
import VozLocalization
import VozReplies

/// Maps a JSON Schema object's properties to Voz form fields (docs/openapi.md has the table), in the order the
/// properties are written, nested objects as dotted paths, with notes on what is left out and why.
struct SchemaFieldMapper {
    let resolver: SchemaResolver
    /// The language of the notes and of the few words the mapper makes up ("Option 2"): the form's locale.
    let language: Language
    var fields: [JSONNode] = []
    var constants: [JSONNode] = []
    /// Where each field's label came from, by `FieldProvenance.key`.
    var provenance: [String: FieldProvenance] = [:]
    var notes: [String] = []
    /// Patterns left to the server because Voz's matcher would read them differently (each also in `notes`).
    var uncheckedPatterns: [UncheckedPattern] = []
    /// The label of each field's nearest enclosing object, by id, for labels two fields would share.
    var parents: [String: String] = [:]
    /// Whether members a program fills (a CSRF token, a captcha answer: `ProtocolPlumbing`) are asked too.
    var askPlumbing = false
    /// Whether the fields are inside an object the body may leave out whole: none of them is then required,
    /// since the object, not its members, is what the person decides to give (docker-engine's `Driver.Name`).
    var insideOptional = false
    /// The words of what the operation is for (operationId, summary, path): they decide a password's purpose
    /// (sign up, log in) and whether a bare "name" is a person's.
    var context: [String] = []
    /// Whether the operation creates a record (a POST), whose identifier the server sets; only the body's own
    /// members, never a list item's (a tag's `id` names an existing tag).
    var creates = false

    init(resolver: SchemaResolver, language: Language = .en) {
        self.resolver = resolver
        self.language = language
    }

    /// A mapper for a nested part, in the same document, language and flow.
    func child() -> SchemaFieldMapper {
        var nested = SchemaFieldMapper(resolver: resolver, language: language)
        nested.askPlumbing = askPlumbing
        nested.context = context
        return nested
    }

    /// A catalog sentence (`openapi.note.…`) in the mapper's language.
    func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        Localizer(language: language).text(key, arguments)
    }

    /// A note about the schema part at `path` (`address.postalCode`, or the body), with its spec line.
    func note(_ key: String, _ path: String, line: Int, _ arguments: [String: String] = [:]) -> String {
        let place = path.isEmpty ? text("openapi.note.body") : path
        return text(key, arguments.merging(["path": place, "line": String(line)]) { new, _ in new })
    }

    /// The note that the part at `path` repeats the schema `reference` it sits in, named as a person reads it
    /// (`common.yaml#/Node`, not the `file:` URI a reference is kept as).
    func recursionNote(_ path: String, reference: String, line: Int) -> String {
        note("openapi.note.recursive", path, line: line, ["schema": resolver.display(reference)])
    }

    static let keyOrder = [
        "id", "label", "kind", "required", "mustAccept", "hint", "placeholder", "default", "purpose", "options",
        "items", "itemLabel", "fields", "rules", "path", "in", "when", "nullWhenEmpty",
    ]

    // MARK: - Objects

    /// Adds a field for each property of the object `schema`, its paths under `prefix`; a `oneOf`/`anyOf` of
    /// objects beside them becomes a branch choice named `branchLabel` (docs/openapi.md, "Branches").
    mutating func addProperties(
        of schema: JSONNode, prefix: [String], chain: [String], branchLabel: String? = nil, branchRequired: Bool = true
    ) throws(SpecError) {
        let (object, chain) = try resolver.resolve(schema, chain: chain)
        let required = Set((object["required"]?.elements ?? []).compactMap(\.string))
        // The discriminator, even when written beside the union, is sent by each branch and never asked.
        let tag = Self.union(object) == nil ? nil : object["discriminator"]?["propertyName"]?.string
        let first = fields.count
        // Where a union's branches require one member or another (`oneOf: [{required: [name]}, {required:
        // [id]}]`), an `id` is the person's way to name the record, not the server's to set.
        let creating = creates
        if Self.union(object) != nil { creates = false }
        defer { creates = creating }
        for property in object["properties"]?.members ?? [] where property.key != tag {
            if let field = try field(
                named: property.key, schema: property.value, required: required.contains(property.key),
                path: prefix + [property.key], chain: chain)
            {
                fields.append(field)
            }
        }
        Self.splitNames(&fields[first...])
        Self.markCardNumbers(&fields[first...])
        if let union = Self.union(object) {
            // A body that is only a union is named by its title, else by the schema it refers to (`Payment`).
            let named = Self.schemaName(schema["$ref"]?.string).map(SchemaWording.words)
            let label = object["title"]?.string ?? branchLabel ?? named ?? text("openapi.kind")
            try addBranches(
                union, of: object, path: prefix, required: branchRequired, label: label, chain: chain)
        }
    }

    /// The field for one property, or nil when it is not asked (a note or a constant says why); nested objects
    /// add their own fields instead.
    ///
    /// A member whose reference is broken (`$ref: #/…` unquoted in YAML is a comment, so the value is null; a
    /// pointer to nothing; a file that cannot be read) is left out with a note at its line, and the rest of the
    /// form is built: public descriptions are messy, and one broken part must not cost every other field.
    mutating func field(
        named name: String, schema: JSONNode, required: Bool, path: [String], chain: [String]
    ) throws(SpecError) -> JSONNode? {
        let saved = (fields.count, constants.count)
        do {
            return try mappedField(named: name, schema: schema, required: required, path: path, chain: chain)
        } catch {
            guard Self.isBrokenReference(error) else { throw error }
            // Whatever the member had added before its reference broke goes with it.
            fields.removeLast(fields.count - saved.0)
            constants.removeLast(constants.count - saved.1)
            notes.append(
                note(
                    "openapi.note.brokenReference", path.joined(separator: "."), line: schema.line,
                    ["problem": error.message(Localizer(language: language))]))
            return nil
        }
    }

    /// Whether `error` is about one reference (its text, its target, its document, its loop), not the whole body.
    static func isBrokenReference(_ error: SpecError) -> Bool {
        switch error {
        case .unloadable: return true
        case .phrase(_, _, let key, _): return key.hasPrefix("spec.ref.")
        case .notParsable: return false
        }
    }

    private mutating func mappedField(
        named name: String, schema: JSONNode, required: Bool, path: [String], chain: [String]
    ) throws(SpecError) -> JSONNode? {
        let dotted = path.joined(separator: ".")
        // A recursive schema (a node with a parent node) would ask for ever; the repeated part is left out.
        if let reference = schema["$ref"]?.string, chain.contains(reference) {
            notes.append(recursionNote(dotted, reference: reference, line: schema.line))
            return nil
        }
        var (property, chain) = try resolver.resolve(schema, chain: chain)
        // pydantic writes an optional child of a tree as `anyOf: [{$ref: Node}, {type: null}]`.
        let alternatives = property["anyOf"]?.elements ?? property["oneOf"]?.elements ?? []
        if let reference = alternatives.lazy.compactMap({ $0["$ref"]?.string }).first(where: chain.contains) {
            notes.append(recursionNote(dotted, reference: reference, line: property.line))
            return nil
        }
        let nullable: Bool
        (property, chain, nullable) = try withoutNull(property, chain: chain)
        var options: JSONNode?
        if let union = Self.union(property) {
            switch try unionShape(union, chain: chain) {
            case .constants(let constants):
                options = choiceOptions(constants: constants)
            case .objects:
                var nested = child()
                let label = property["title"]?.string ?? SchemaWording.words(name)
                try nested.addProperties(
                    of: property, prefix: path, chain: chain, branchLabel: label,
                    branchRequired: required && !nullable)
                adopt(nested)
                return nil
            case .scalars(let chosen, let kinds):
                // A number takes whole numbers too: only a union beyond numbers loses something worth a note.
                if let kinds {
                    let asked = typeName(Self.type(of: chosen) ?? "string")
                    notes.append(
                        note("openapi.note.scalarUnion", dotted, line: property.line, ["kinds": kinds, "asked": asked]))
                }
                property = SchemaResolver.merge(chosen, Self.withoutUnion(property))
            }
        }
        if property["readOnly"]?.bool == true { return nil }
        // The identifier of the record a POST creates is the server's to give, even where the description
        // shares one schema between what is sent and what is answered and forgets `readOnly`.
        if creates, !required, path.count == 1, name.lowercased() == "id" {
            notes.append(note("openapi.note.serverSet", dotted, line: property.line))
            return nil
        }
        if !askPlumbing, !required, let plumbing = ProtocolPlumbing.kind(name: name, schema: property) {
            notes.append(note(plumbing.noteKey, dotted, line: property.line))
            return nil
        }
        if property["deprecated"]?.bool == true {
            notes.append(note("openapi.note.deprecated", dotted, line: property.line))
            return nil
        }
        let type = Self.type(of: property)
        // `const: true` leaves one answer the server takes, yes, so the user must give it even when the member is
        // not listed in `required` (a form that must accept an unrequired field would not run).
        let mustAccept = type == "boolean" && property["const"]?.bool == true
        if let constant = property["const"], !mustAccept {
            constants.append(.object([("path", .string(dotted)), ("value", JSONNode(constant.value))]))
            return nil
        }
        // An enum of one value leaves the listener nothing to choose: it is sent, never asked.
        if type != "boolean", let values = property["enum"]?.elements, values.count == 1 {
            constants.append(.object([("path", .string(dotted)), ("value", JSONNode(values[0].value))]))
            return nil
        }
        var members: [(String, JSONNode)] = [("id", .string(Self.id(path)))]
        // Each spoken part keeps the line it comes from, so an audit of the form points into the description.
        let title = property["title"]?.string
        let label = title ?? SchemaWording.words(name)
        members.append(("label", JSONNode(.string(label), line: property["title"]?.line ?? property.line)))
        provenance[Self.id(path)] = FieldProvenance(
            property: name, label: FieldProvenance.labelSource(title: title, name: name))
        var rules: [(String, JSONNode)] = []
        var isSecret = false
        // Words Voz adds to the hint: a format said in words, an example of a pattern nobody explained.
        var spoken: [String] = []
        switch type {
        case "object":
            guard property["properties"]?.members?.isEmpty == false else {
                notes.append(note("openapi.note.freeForm", dotted, line: property.line))
                return nil
            }
            var nested = child()
            nested.insideOptional = insideOptional || !required || nullable
            try nested.addProperties(of: property, prefix: path, chain: chain)
            // The nearest object names its members, should two labels be heard alike (`distinctLabels`).
            for id in nested.fields.compactMap({ $0["id"]?.string }) where nested.parents[id] == nil {
                nested.parents[id] = label
            }
            adopt(nested)
            return nil
        case "array":
            guard let kind = try arrayKind(property, path: path, chain: chain, members: &members, rules: &rules)
            else { return nil }
            members.append(("kind", .string(kind)))
        case "boolean":
            members.append(("kind", .string("confirm")))
            members.append(("mustAccept", .bool(mustAccept)))
        default:
            if let options = options ?? enumOptions(property, path: dotted) {
                members.append(("kind", .string("choice")))
                members.append(("options", options))
                // The spec's default is what the server takes for "nothing": Voz offers it and says so. Only a
                // text default that is one of the options: any other would make the form file invalid.
                if let chosen = property["default"], let value = chosen.string, !BlankText.isBlank(value),
                    property["enum"]?.elements?.contains(where: { $0.string == value }) == true
                {
                    members.append(("default", chosen))
                }
            } else if type == "integer" || type == "number" {
                members.append(("kind", .string(type ?? "number")))
                rules += numberRules(property, path: path)
            } else {
                let format = property["format"]?.string
                let lowered = name.lowercased()
                // A password is secret however it is written; a PIN or a code only when the server never says it.
                isSecret =
                    format == "password" || Self.isPasswordName(name, title)
                    || (property["writeOnly"]?.bool == true && Self.isSecretName(name, title))
                let kind =
                    isSecret
                    ? "secret"
                    : format == "email" || lowered.contains("email")
                        ? "email"
                        : (property["maxLength"]?.int ?? 0) >= Self.multilineLength ? "multiline" : "text"
                members.append(("kind", .string(kind)))
                rules += stringRules(property, path: path)
                spoken = formatRules(property, kind: kind, path: dotted, rules: &rules)
                // A hint takes the place of the lengths Voz says itself (a long text's it never says): with one, the
                // hint says them too.
                let description = property["description"]?.string
                if kind == "multiline" || !spoken.isEmpty || description.flatMap(SchemaWording.hint) != nil {
                    spoken += lengthWords(rules, description: description)
                }
            }
        }
        // A nullable member the server requires takes null for "nothing": the listener may leave it empty.
        let required = required && !insideOptional
        members.append(("required", .bool((required && !nullable) || mustAccept)))
        if required && nullable { members.append(("nullWhenEmpty", .bool(true))) }
        // A description that only says the label again ("User Status" of `userStatus`) tells the listener nothing
        // more, and heard as the hint it is the label twice (the audit's `label-is-placeholder`).
        if let description = property["description"]?.string, !SchemaWording.isChoiceList(description),
            let hint = SchemaWording.hint(description), AuditText.normalized(hint) != AuditText.normalized(label)
        {
            let words = ([hint] + spoken).map(ReplyReading.terminated).joined(separator: " ")
            members.append(("hint", JSONNode(.string(words), line: property["description"]?.line ?? property.line)))
        } else if let hint = Self.optionDescriptions(property, options: members.first { $0.0 == "options" }?.1) {
            members.append(("hint", JSONNode(.string(hint), line: property["x-enum-descriptions"]?.line ?? 0)))
        } else if !spoken.isEmpty {
            members.append(("hint", JSONNode(.string(spoken.joined(separator: " ")), line: property.line)))
        }
        if !isSecret, let example = Self.example(property) {
            let line = (property["example"] ?? property["examples"])?.line ?? property.line
            members.append(("placeholder", JSONNode(.string(example), line: line)))
        }
        // A generated name (`number` of a card branch) often says less than the title ("Card number"): the
        // guess reads both, the id and the label, as the audit's `purpose-missing` reads the last two.
        let kind = members.first { $0.0 == "kind" }?.1.string.flatMap(FieldKind.init(rawValue:)) ?? .text
        // The member's own words first ("ville" of a billing address is a city, not the address), then its path's
        // (a card's "number", a role's "name").
        let format = property["format"]?.string
        let own = PurposeInference.token(
            kind: kind, names: [name, title ?? "", label], format: format, context: context)
        if let purpose = own == nil || own == "name"
            ? PurposeInference.token(
                kind: kind, names: [name, title ?? "", Self.id(path), label], format: format, context: context,
                clues: own != nil)
            : own
        {
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

    /// Whether a `writeOnly` member named `name` (or titled `title`) holds a secret: a password, a passphrase, a
    /// PIN, or a card's security code, which nobody should hear read back.
    static func isSecretName(_ name: String, _ title: String?) -> Bool {
        let words = Set(PurposeInference.words(name) + PurposeInference.words(title ?? ""))
        let key = name.lowercased().filter { $0.isLetter || $0.isNumber }
        return !words.isDisjoint(with: ["password", "passwd", "passphrase", "pin", "secret", "cvc", "cvv", "csc"])
            || key.contains("password") || key.hasSuffix("securitycode")
    }

    /// A "name" beside a family name is the given name ("nome" beside "cognome"), and beside a given name the
    /// family name ("nom" beside "prénom").
    static func splitNames(_ siblings: inout ArraySlice<JSONNode>) {
        let purposes = siblings.map { $0["purpose"]?.string }
        let replacement =
            purposes.contains("family-name") ? "given-name" : purposes.contains("given-name") ? "family-name" : nil
        guard let replacement, purposes.filter({ $0 == "name" }).count == 1 else { return }
        for index in siblings.indices where siblings[index]["purpose"]?.string == "name" {
            guard var members = siblings[index].members else { continue }
            for at in members.indices where members[at].key == "purpose" { members[at].value = .string(replacement) }
            siblings[index] = JSONNode(.object(members), line: siblings[index].line, column: siblings[index].column)
        }
    }

    /// Whether a member named `name` (or titled `title`) holds a password, a client secret, an assertion or an
    /// access token: never echoed, whether or not the description says `format: password`.
    static func isPasswordName(_ name: String, _ title: String?) -> Bool {
        let words = Set(PurposeInference.words(name) + PurposeInference.words(title ?? ""))
        let key = name.lowercased().filter { $0.isLetter || $0.isNumber }
        let token = words.contains("token") && !words.isDisjoint(with: ["access", "id", "refresh", "bearer"])
        return PurposeInference.isPassword(words: words, keys: [key]) || token
            || !words.isDisjoint(with: ["secret", "assertion"])
    }

    /// Takes in the fields, constants and notes of a mapper of a nested object.
    mutating func adopt(_ nested: SchemaFieldMapper) {
        fields.append(contentsOf: nested.fields)
        constants.append(contentsOf: nested.constants)
        adoptFindings(of: nested)
    }

    /// Takes in what a nested mapper found besides its fields: its notes, the patterns it left to the server and
    /// where its labels came from, under the ids its fields are given (`renamed`) inside the group `group`.
    mutating func adoptFindings(of nested: SchemaFieldMapper, renamed: [String: String] = [:], group: String? = nil) {
        notes.append(contentsOf: nested.notes)
        uncheckedPatterns.append(contentsOf: nested.uncheckedPatterns)
        // The objects that name the fields, a branch's too ("Ears healthy" of a cat beside the pet's "Healthy"),
        // should two labels asked together be heard alike; a group's members are never beside the form's.
        if group == nil {
            for (id, parent) in nested.parents where parents[renamed[id] ?? id] == nil {
                parents[renamed[id] ?? id] = parent
            }
        }
        for (key, origin) in nested.provenance {
            // A key is a field's id after its groups' ids: the outermost is the one a branch may have renamed.
            var ids = key.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            ids[0] = renamed[ids[0]] ?? ids[0]
            let key = FieldProvenance.key((group.map { [$0] } ?? []) + ids)
            if provenance[key] == nil { provenance[key] = origin }
        }
    }
}
