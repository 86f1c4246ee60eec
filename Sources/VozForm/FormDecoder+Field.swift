import Foundation
import VozJSON
import VozLocalization

/// Decoding one field: its keys, options, rules and default.
extension FormDecoder {
    static let fieldKeys = [
        "id", "label", "kind", "required", "hint", "placeholder", "default", "options", "rules", "purpose",
        "serverNames", "path", "in", "when", "nullWhenEmpty", "mustAccept", "items", "fields", "itemLabel",
    ]
    static let optionKeys = ["value", "label"]
    static let ruleKeys = [
        "minLength", "maxLength", "pattern", "patternMessage", "min", "max", "exclusiveMin", "exclusiveMax",
        "multipleOf", "minItems", "maxItems", "uniqueItems", "lengthCounts", "serverPattern",
        "format",
    ]

    mutating func field(_ node: JSONNode, at path: String) throws(FormFileError) -> Field {
        let members = try object(node, at: path, allowed: Self.fieldKeys, what: .what("field"))
        let id = try fieldID(members)
        let label = try labelText(members, "label", what: .what("label"))
        let kindWords = FieldKind.allCases.map(\.rawValue)
        let kind = try optionalChoice(members, "kind", among: kindWords).flatMap(FieldKind.init(rawValue:)) ?? .text
        var field = Field(id: id, label: label, kind: kind)
        field.required = try optionalBool(members, "required") ?? false
        field.hint = try optionalText(members, "hint", what: .what("hint"))
        field.placeholder = try optionalText(members, "placeholder", what: .what("placeholder"))
        field.itemKind = try itemKind(members, kind: kind)
        field.options = try options(members, kind: kind)
        field.rules = try rules(members, kind: kind == .list ? field.itemKind : kind)
        try checkListRules(field.rules, members, kind: kind)
        field.purpose = try purpose(members)
        field.path = try bodyPath(members)
        field.serverNames = try serverNames(members)
        if members["serverNames"] == nil, !field.path.isEmpty {
            // A nested field's errors come back under its whole path or under its last name.
            field.serverNames = [field.path.joined(separator: "."), field.path[field.path.count - 1]]
        }
        try decodeShape(members, into: &field)
        try decodeGroup(members, into: &field)
        field.defaultValue = try defaultValue(members, for: field)
        return field
    }

    private func fieldID(_ members: Members) throws(FormFileError) -> String {
        let what = FormProblem.what("fieldID")
        let member = try required(members, "id", what: what)
        guard let id = member.value.string, !id.isEmpty, id.count <= 100,
            id.allSatisfy({ $0.isLetter || $0.isNumber || "_-.".contains($0) })
        else { throw mismatch(members.path("id"), member.value, expected: what) }
        return id
    }

    // MARK: - Options

    private mutating func options(_ members: Members, kind: FieldKind) throws(FormFileError) -> [FieldOption] {
        let takesOptions = kind == .choice || kind == .multichoice
        guard let member = members["options"] else {
            if takesOptions, !forAudit {
                throw fail(
                    members.path, members.line,
                    "optionsMissing", ["kind": kind.rawValue])
            }
            return []
        }
        let path = members.path("options")
        guard takesOptions else {
            throw fail(
                path, member.keyLine,
                "optionsMisplaced", ["kind": kind.rawValue])
        }
        let what = FormProblem.what("options")
        guard let elements = member.value.elements else { throw mismatch(path, member.value, expected: what) }
        guard !elements.isEmpty || forAudit else {
            throw mismatch(path, member.value, expected: .what("atLeastOneOption"))
        }
        var options: [FieldOption] = []
        var firstIndexOfValue: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let optionPath = "\(path)[\(index)]"
            lines[optionPath] = element.line
            let option = try object(
                element, at: optionPath, allowed: Self.optionKeys, what: .what("option"))
            let sent = try optionValue(option)
            let value = sent.text
            let label = try requiredText(option, "label", what: .what("optionLabel"))
            if let earlier = firstIndexOfValue[value] {
                throw fail(
                    option.path("value"), option["value"]?.keyLine ?? element.line,
                    "duplicateOptionValue", ["value": QuotedText.quote(value), "earlier": "options[\(earlier)]"]
                )
            }
            firstIndexOfValue[value] = index
            options.append(FieldOption(value: value, label: label, sent: sent))
        }
        return options
    }

    // MARK: - Rules

    private mutating func rules(_ members: Members, kind: FieldKind) throws(FormFileError) -> FieldRules {
        guard let member = members["rules"] else { return FieldRules() }
        let path = members.path("rules")
        let rules = try object(member.value, at: path, allowed: Self.ruleKeys, what: .what("rules"))
        var result = FieldRules()
        result.minLength = try optionalCount(rules, "minLength", limit: Self.lengthLimit)
        result.maxLength = try optionalCount(rules, "maxLength", limit: Self.lengthLimit)
        let counting = try optionalChoice(rules, "lengthCounts", among: LengthCounting.allCases.map(\.rawValue))
        result.lengthCounts = counting.flatMap(LengthCounting.init(rawValue:)) ?? .characters
        result.pattern = try pattern(rules)
        let format = try optionalChoice(rules, "format", among: TextFormat.allCases.map(\.rawValue))
        result.format = format.flatMap(TextFormat.init(rawValue:))
        result.serverPattern = try optionalText(rules, "serverPattern", what: .what("serverPattern"))
        result.patternMessage = try optionalText(
            rules, "patternMessage", what: .what("patternMessage"))
        result.min = try optionalNumber(rules, "min")
        result.max = try optionalNumber(rules, "max")
        result.exclusiveMin = try optionalNumber(rules, "exclusiveMin")
        result.exclusiveMax = try optionalNumber(rules, "exclusiveMax")
        result.multipleOf = try optionalNumber(rules, "multipleOf", what: .what("positive"))
        if let step = result.multipleOf, step <= 0, let member = rules["multipleOf"] {
            throw mismatch(rules.path("multipleOf"), member.value, expected: .what("positive"))
        }
        result.minItems = try optionalCount(rules, "minItems")
        result.maxItems = try optionalCount(rules, "maxItems")
        result.uniqueItems = try optionalBool(rules, "uniqueItems") ?? false
        try checkRules(result, rules, kind: kind)
        return result
    }

    private mutating func pattern(_ rules: Members) throws(FormFileError) -> String? {
        guard let pattern = try optionalText(rules, "pattern", what: .what("pattern")),
            let member = rules["pattern"]
        else { return nil }
        if safePatterns.contains(pattern) { return pattern }
        let path = rules.path("pattern")
        guard PatternMatcher.compile(pattern) != nil else {
            throw fail(path, member.keyLine, "badPattern", ["pattern": QuotedText.quote(pattern)])
        }
        if let risk = PatternMatcher.backtrackingRisk(in: pattern) {
            throw fail(
                path, member.keyLine,
                "backtracking", ["pattern": QuotedText.quote(pattern), "risk": risk]
            )
        }
        safePatterns.insert(pattern)
        return pattern
    }

    private func checkRules(_ result: FieldRules, _ rules: Members, kind: FieldKind) throws(FormFileError) {
        if let minLength = result.minLength, let maxLength = result.maxLength, minLength > maxLength {
            throw fail(rules.path, rules.line, "lengthBounds", ["min": String(minLength), "max": String(maxLength)])
        }
        if let min = result.min, let max = result.max, min > max {
            throw fail(rules.path, rules.line, "valueBounds", ["min": Self.plain(min), "max": Self.plain(max)])
        }
        let lower = [result.min, result.exclusiveMin].compactMap { $0 }.max()
        let upper = [result.max, result.exclusiveMax].compactMap { $0 }.min()
        if let lower, let upper,
            lower > upper || (lower == upper && (result.exclusiveMin != nil || result.exclusiveMax != nil))
        {
            throw fail(
                rules.path, rules.line,
                "noNumberFits", ["lower": Self.plain(lower), "upper": Self.plain(upper)]
            )
        }
        if result.patternMessage != nil, result.pattern == nil, let member = rules["patternMessage"] {
            throw fail(rules.path("patternMessage"), member.keyLine, "patternMessageAlone")
        }
        let textual: Set<FieldKind> = [.text, .email, .secret, .multiline]
        for key in ["minLength", "maxLength", "pattern", "lengthCounts", "serverPattern", "format"]
        where !textual.contains(kind) {
            if let member = rules[key] {
                throw fail(
                    rules.path(key), member.keyLine,
                    "textRuleMisplaced", ["key": key, "kind": kind.rawValue])
            }
        }
        for key in ["min", "max", "exclusiveMin", "exclusiveMax", "multipleOf"]
        where kind != .number && kind != .integer {
            if let member = rules[key] {
                throw fail(
                    rules.path(key), member.keyLine,
                    "numberRuleMisplaced", ["key": key, "kind": kind.rawValue])
            }
        }
    }

    // MARK: - Purpose, server names, default

    private func purpose(_ members: Members) throws(FormFileError) -> String? {
        guard let member = members["purpose"] else { return nil }
        let what = FormProblem.what("purpose")
        // Any string is accepted: an unknown token is an accessibility finding (WCAG 1.3.5) that `voz audit`
        // reports with its severity, not a reason to refuse to run the form.
        guard let token = member.value.string else {
            throw mismatch(members.path("purpose"), member.value, expected: what)
        }
        return token
    }

    private mutating func serverNames(_ members: Members) throws(FormFileError) -> [String] {
        guard let member = members["serverNames"] else { return [] }
        let path = members.path("serverNames")
        guard let elements = member.value.elements else {
            throw mismatch(path, member.value, expected: .what("serverNames"))
        }
        var names: [String] = []
        for (index, element) in elements.enumerated() {
            lines["\(path)[\(index)]"] = element.line
            guard let name = element.string, !name.isEmpty else {
                throw mismatch("\(path)[\(index)]", element, expected: .what("serverName"))
            }
            names.append(name)
        }
        return names
    }

    /// The default as it would be typed, checked against the field's kind, options and rules.
    private func defaultValue(_ members: Members, for field: Field) throws(FormFileError) -> String? {
        guard let member = members["default"] else { return nil }
        let path = members.path("default")
        guard field.kind != .secret else {
            throw fail(
                path, member.keyLine, "secretDefault")
        }
        let typed: String
        switch member.value.value {
        case .string(let text): typed = text
        case .number(let number): typed = number.literal
        case .bool(let value) where field.kind == .choice: typed = value ? "true" : "false"
        case .bool(let value): typed = value ? "yes" : "no"
        case .array(let elements) where field.kind == .multichoice || field.kind == .list:
            let values = elements.compactMap { $0.string ?? $0.number?.literal }
            guard values.count == elements.count else {
                throw mismatch(path, member.value, expected: .what("values"))
            }
            // A list's item may hold a comma; the typed answer keeps it in its item.
            typed = field.kind == .list ? ListWording.typed(values) : values.joined(separator: ", ")
        default:
            throw mismatch(path, member.value, expected: .what("valueOfKind", ["kind": field.kind.rawValue]))
        }
        let parsed: FieldValue?
        do {
            parsed = try FieldValidator(localizer: Localizer(language: .en)).parse(typed, for: field)
        } catch {
            throw mismatch(path, member.value, expected: .what("valueOfKind", ["kind": field.kind.rawValue]))
        }
        guard parsed != nil else {
            throw mismatch(path, member.value, expected: .what("valueOfKind", ["kind": field.kind.rawValue]))
        }
        // An option whose value is a number would be read back as the option at that position.
        if field.kind == .choice, Int(typed) != nil, let index = field.options.firstIndex(where: { $0.value == typed })
        {
            return String(index + 1)
        }
        return typed
    }

    /// A number as a form author wrote it: no ".0" on whole numbers.
    static func plain(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
