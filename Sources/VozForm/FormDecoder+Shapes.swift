import Foundation
import VozJSON

/// Decoding where a field's value goes and when it applies: body paths, URL parameters, conditions, typed
/// option values, list items and constants.
extension FormDecoder {
    static let constantKeys = ["path", "value", "when"]
    static let conditionKeys = ["field", "equals"]
    static let itemKeys = ["kind"]

    // MARK: - Field parts

    /// `in`, `when`, `nullWhenEmpty` and `mustAccept`.
    mutating func decodeShape(_ members: Members, into field: inout Field) throws(FormFileError) {
        let places = FieldLocation.allCases.map(\.rawValue)
        field.location = try optionalChoice(members, "in", among: places).flatMap(FieldLocation.init) ?? .body
        if field.location != .body, let member = members["path"] {
            throw fail(
                members.path("path"), member.keyLine,
                field.location == .none ? "pathNotSent" : "pathInURL", ["place": field.location.rawValue])
        }
        if field.location == .path || field.location == .query, let member = members["in"] {
            // An address is logged by proxies and servers and kept in histories: no secret belongs in one.
            if field.kind == .secret || field.kind == .group
                || (field.location == .path && (field.kind == .list || field.kind == .multichoice))
            {
                throw fail(
                    members.path("in"), member.keyLine,
                    "notInURL", ["kind": field.kind.rawValue, "place": field.location.rawValue])
            }
        }
        if field.location == .path, !field.required, let member = members["in"] {
            throw fail(
                members.path("in"), member.keyLine,
                "pathParameterOptional")
        }
        if let member = members["when"] {
            field.condition = try condition(member.value, at: members.path("when"))
        }
        field.nullWhenEmpty = try optionalBool(members, "nullWhenEmpty") ?? false
        if field.nullWhenEmpty, field.required, let member = members["nullWhenEmpty"] {
            throw fail(
                members.path("nullWhenEmpty"), member.keyLine,
                "nullWhenEmptyRequired")
        }
        if let mustAccept = try optionalBool(members, "mustAccept") {
            guard field.kind == .confirm, let member = members["mustAccept"] else {
                throw fail(
                    members.path("mustAccept"), members["mustAccept"]?.keyLine ?? members.line,
                    "mustAcceptMisplaced", ["kind": field.kind.rawValue])
            }
            if mustAccept, !field.required {
                throw fail(
                    members.path("mustAccept"), member.keyLine,
                    "mustAcceptOptional")
            }
            field.mustAccept = mustAccept
        }
    }

    /// `path`: dotted member names, the field's place in the body.
    mutating func bodyPath(_ members: Members) throws(FormFileError) -> [String] {
        guard let member = members["path"] else { return [] }
        let what = FormProblem.what("bodyPath")
        guard let text = member.value.string else { throw mismatch(members.path("path"), member.value, expected: what) }
        let names = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard names.allSatisfy(Self.isMemberName) else {
            throw mismatch(members.path("path"), member.value, expected: what)
        }
        return names
    }

    /// A body member name: not empty, without the dots and brackets that paths are written with.
    static func isMemberName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 100
            && !name.contains(where: { ".[]{}".contains($0) || $0.isWhitespace || $0.isNewline })
    }

    /// `items` of a list: the kind of each item.
    mutating func itemKind(_ members: Members, kind: FieldKind) throws(FormFileError) -> FieldKind {
        guard let member = members["items"] else { return .text }
        let path = members.path("items")
        guard kind == .list else {
            throw fail(path, member.keyLine, "itemsMisplaced", ["kind": kind.rawValue])
        }
        let items = try object(member.value, at: path, allowed: Self.itemKeys, what: .what("items"))
        let kinds: [FieldKind] = [.text, .email, .number, .integer]
        let word = try optionalChoice(items, "kind", among: kinds.map(\.rawValue))
        return word.flatMap(FieldKind.init(rawValue:)) ?? .text
    }

    /// minItems, maxItems and uniqueItems belong to lists only, and must leave room for at least one answer.
    func checkListRules(_ rules: FieldRules, _ members: Members, kind: FieldKind) throws(FormFileError) {
        guard let rulesMember = members["rules"], let table = rulesMember.value.members else { return }
        let path = members.path("rules")
        if kind != .list && kind != .group {
            for key in ["minItems", "maxItems", "uniqueItems"] {
                if let member = table.first(where: { $0.key == key }) {
                    throw fail(
                        "\(path).\(key)", member.keyLine,
                        "listRuleMisplaced", ["key": key, "kind": kind.rawValue])
                }
            }
        }
        if let minItems = rules.minItems, let maxItems = rules.maxItems, minItems > maxItems {
            throw fail(path, rulesMember.value.line, "itemBounds", ["min": String(minItems), "max": String(maxItems)])
        }
    }

    /// An option's value: a string, a number, true, false or null, sent as written.
    func optionValue(_ option: Members) throws(FormFileError) -> BodyScalar {
        let what = FormProblem.what("optionValue")
        let member = try required(option, "value", what: what)
        return try scalar(member, at: option.path("value"), what: what)
    }

    func scalar(_ member: JSONMember, at path: String, what: FormProblem) throws(FormFileError) -> BodyScalar {
        switch member.value.value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number):
            // A number past a double's range would reach the server as something else than the file wrote.
            guard number.double != nil else { throw mismatch(path, member.value, expected: what) }
            return .number(number.literal)
        case .string: return .string(try text(member, at: path, what: what))
        case .array, .object: throw mismatch(path, member.value, expected: what)
        }
    }

    /// `when`: `{"field": "source", "equals": "card"}`, `equals` a value or a list; without it, any value.
    mutating func condition(_ node: JSONNode, at path: String) throws(FormFileError) -> FieldCondition {
        let what = FormProblem.what("condition")
        let members = try object(node, at: path, allowed: Self.conditionKeys, what: what)
        let fieldID = try requiredText(members, "field", what: .what("earlierField"))
        var values: [String] = []
        if let member = members["equals"] {
            let valueWhat = FormProblem.what("conditionValues")
            let entries = member.value.elements.map { $0.enumerated().map { ($0.offset, $0.element) } }
            for (index, element) in entries ?? [(-1, member.value)] {
                let elementPath = index < 0 ? members.path("equals") : "\(members.path("equals"))[\(index)]"
                let entry = JSONMember(key: "equals", keyLine: element.line, value: element)
                values.append(try scalar(entry, at: elementPath, what: valueWhat).text)
            }
            if values.isEmpty { throw mismatch(members.path("equals"), member.value, expected: valueWhat) }
        }
        return FieldCondition(fieldID: fieldID, values: values)
    }

    // MARK: - Constants

    mutating func constants(_ top: Members) throws(FormFileError) -> [FormConstant] {
        guard let member = top["constants"] else { return [] }
        let path = top.path("constants")
        let what = FormProblem.what("constants")
        guard let elements = member.value.elements else { throw mismatch(path, member.value, expected: what) }
        var constants: [FormConstant] = []
        for (index, element) in elements.enumerated() {
            let itemPath = "\(path)[\(index)]"
            lines[itemPath] = element.line
            let members = try object(
                element, at: itemPath, allowed: Self.constantKeys, what: .what("constant"))
            guard members["path"] != nil else {
                throw fail(
                    itemPath, element.line,
                    FormProblem("formFile.missingKey", ["key": "path"], phrases: ["what": .what("constantPath")]))
            }
            let bodyPath = try self.bodyPath(members)
            let value = try scalar(
                try required(members, "value", what: .what("constantValue")), at: members.path("value"),
                what: .what("scalar"))
            var constant = FormConstant(path: bodyPath, value: value)
            if let when = members["when"] { constant.condition = try condition(when.value, at: members.path("when")) }
            constants.append(constant)
        }
        return constants
    }
}
