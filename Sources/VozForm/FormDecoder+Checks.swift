import Foundation
import VozJSON

/// Checks across fields: conditions name earlier fields and real options, body paths do not collide, and URL
/// parameters match the fields that fill them.
extension FormDecoder {
    func checkConditions(_ form: Form) throws(FormFileError) {
        let conditions =
            form.fields.enumerated().map { ("fields[\($0.offset)].when", $0.offset, $0.element.condition) }
            + form.constants.enumerated().map {
                ("constants[\($0.offset)].when", form.fields.count, $0.element.condition)
            }
        for (path, position, condition) in conditions {
            guard let condition else { continue }
            let line = lines[path] ?? 1
            guard let target = form.index(ofField: condition.fieldID), target < position else {
                throw fail(
                    path + ".field", lines[path + ".field"] ?? line,
                    "conditionNotEarlier", ["id": QuotedText.quote(condition.fieldID)])
            }
            let field = form.fields[target]
            guard !field.options.isEmpty else { continue }
            for value in condition.values where !field.options.contains(where: { $0.value == value }) {
                throw fail(
                    path + ".equals", lines[path + ".equals"] ?? line,
                    "conditionValue", ["value": QuotedText.quote(value), "id": QuotedText.quote(field.id)])
            }
        }
    }

    /// Two members at one place would overwrite each other, unless they belong to different branches; nor may
    /// one member sit inside another. Paths are compared by their joined text (names hold no dots), so a form
    /// of thousands of fields is checked in one pass.
    func checkBodyPaths(_ form: Form) throws(FormFileError) {
        let places =
            form.fields.enumerated().filter { $0.element.location == .body }.map {
                ($0.element.bodyPath, $0.element.condition, "fields[\($0.offset)]")
            }
            + form.constants.enumerated().map { ($0.element.path, $0.element.condition, "constants[\($0.offset)]") }
        var exact: [String: [(condition: FieldCondition?, name: String)]] = [:]
        /// Each proper prefix of a path seen so far, with the place whose path it is a prefix of.
        var inside: [String: (path: String, name: String)] = [:]
        for (path, condition, name) in places {
            let joined = path.joined(separator: ".")
            func overlap(_ other: String, _ otherName: String) -> FormFileError {
                fail(
                    name, lines[name] ?? 1,
                    "bodyOverlap",
                    ["member": QuotedText.quote(joined), "other": otherName, "otherMember": QuotedText.quote(other)])
            }
            if let earlier = exact[joined]?.first(where: {
                condition == nil || $0.condition == nil || $0.condition == condition
            }) {
                throw fail(
                    name, lines[name] ?? 1,
                    "bodyFilled", ["member": QuotedText.quote(joined), "earlier": earlier.name])
            }
            if let outer = inside[joined] { throw overlap(outer.path, outer.name) }
            for length in 1..<max(1, path.count) {
                let prefix = path.prefix(length).joined(separator: ".")
                if let earlier = exact[prefix]?.first { throw overlap(prefix, earlier.name) }
                if inside[prefix] == nil { inside[prefix] = (joined, name) }
            }
            exact[joined, default: []].append((condition, name))
        }
    }

    /// Every `{name}` of the address is filled by a path field of that id, and every path field fills one.
    func checkURLParameters(_ form: Form) throws(FormFileError) {
        let parameters = form.submit.urlTemplate.flatMap(URLTemplate.parameters(in:)) ?? []
        for name in parameters {
            guard let field = form.field(id: name), field.location == .path else {
                throw fail(
                    "submit.url", lines["submit.url"] ?? 1,
                    "urlParameterField", ["parameter": "{\(name)}", "id": QuotedText.quote(name)])
            }
            _ = field
        }
        for (index, field) in form.fields.enumerated() where field.location == .path {
            guard parameters.contains(field.id) else {
                let path = "fields[\(index)].in"
                throw fail(
                    path, lines[path] ?? 1,
                    "urlParameterMissing", ["id": QuotedText.quote(field.id), "parameter": "{\(field.id)}"])
            }
        }
    }
}
