import Foundation

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
                    "\(QuotedText.quote(condition.fieldID)) is not the id of an earlier field; "
                        + "a field can depend only on one asked before it")
            }
            let field = form.fields[target]
            guard !field.options.isEmpty else { continue }
            for value in condition.values where !field.options.contains(where: { $0.value == value }) {
                throw fail(
                    path + ".equals", lines[path + ".equals"] ?? line,
                    "\(QuotedText.quote(value)) is not a value of the options of \(QuotedText.quote(field.id))")
            }
        }
    }

    /// Two members at one place would overwrite each other, unless they belong to different branches.
    func checkBodyPaths(_ form: Form) throws(FormFileError) {
        var seen: [(path: [String], condition: FieldCondition?, name: String)] = []
        let places =
            form.fields.enumerated().filter { $0.element.location == .body }.map {
                ($0.element.bodyPath, $0.element.condition, "fields[\($0.offset)]")
            }
            + form.constants.enumerated().map { ($0.element.path, $0.element.condition, "constants[\($0.offset)]") }
        for (path, condition, name) in places {
            for earlier in seen {
                let shorter = min(path.count, earlier.path.count)
                guard Array(path.prefix(shorter)) == Array(earlier.path.prefix(shorter)) else { continue }
                if path.count == earlier.path.count, condition != earlier.condition, condition != nil,
                    earlier.condition != nil
                {
                    continue
                }
                let joined = path.joined(separator: ".")
                let problem =
                    path.count == earlier.path.count
                    ? "the body member \(QuotedText.quote(joined)) is already filled by \(earlier.name)"
                    : "the body member \(QuotedText.quote(joined)) overlaps \(earlier.name)'s "
                        + QuotedText.quote(earlier.path.joined(separator: "."))
                throw fail(name, lines[name] ?? 1, problem + "; give each member its own path")
            }
            seen.append((path, condition, name))
        }
    }

    /// Every `{name}` of the address is filled by a path field of that id, and every path field fills one.
    func checkURLParameters(_ form: Form) throws(FormFileError) {
        let parameters = form.submit.urlTemplate.flatMap(URLTemplate.parameters(in:)) ?? []
        for name in parameters {
            guard let field = form.field(id: name), field.location == .path else {
                throw fail(
                    "submit.url", lines["submit.url"] ?? 1,
                    "the parameter {\(name)} needs a field with the id \(QuotedText.quote(name)) and \"in\": \"path\"")
            }
            _ = field
        }
        for (index, field) in form.fields.enumerated() where field.location == .path {
            guard parameters.contains(field.id) else {
                let path = "fields[\(index)].in"
                throw fail(
                    path, lines[path] ?? 1,
                    "the field \(QuotedText.quote(field.id)) goes into the URL path, but submit.url has no "
                        + "{\(field.id)} for it")
            }
        }
    }
}
