import VozAudit
import VozForm
import VozJSON

extension OpenAPIFormBuilder {
    // MARK: - Source map

    /// Where each part of a form generated for `operation` comes from: the fields at their schema's lines (the
    /// label at its `title`, the hint at its `description`), the form's own parts at the operation's line.
    static func sourceMap(_ form: JSONNode, operation: Operation, document: SpecDocument) -> SourceMap {
        let line = operation.line
        let summary = operation.node["summary"]?.line ?? line
        var lines: [String: Int] = [
            "id": line, "title": summary, "locale": line, "constants": line, "submit": line, "submit.label": summary,
            "submit.url": document.root["servers"]?.line ?? line, "fields": operation.node["requestBody"]?.line ?? line,
        ]
        record(form, path: "", into: &lines)
        return SourceMap(lines: lines)
    }

    /// Where each part of a form generated from a bare JSON Schema comes from; the form's own parts at the root.
    static func sourceMap(_ form: JSONNode, root: JSONNode) -> SourceMap {
        var lines: [String: Int] = [:]
        for key in ["id", "locale", "fields", "constants", "submit"] { lines[key] = root.line }
        lines["title"] = root["title"]?.line ?? root.line
        record(form, path: "", into: &lines)
        return SourceMap(lines: lines)
    }

    /// Records the line of every node that came from the description, by its path in the form file.
    private static func record(_ node: JSONNode, path: String, into lines: inout [String: Int]) {
        if node.line > 0, !path.isEmpty { lines[path] = node.line }
        for member in node.members ?? [] {
            record(member.value, path: path.isEmpty ? member.key : path + "." + member.key, into: &lines)
        }
        for (index, element) in (node.elements ?? []).enumerated() {
            record(element, path: "\(path)[\(index)]", into: &lines)
        }
    }

    // MARK: - Distinct ids

    /// URL parameters with distinct ids: a path parameter named like a query parameter (`id` in both) gets its own
    /// id, and the path's placeholder with it, since the path's placeholder name is never sent.
    static func distinctPathIDs(_ fields: [JSONNode], path: inout String) -> [JSONNode] {
        var taken = Set(fields.filter { $0["in"]?.string != "path" }.compactMap { $0["id"]?.string })
        return fields.map { field in
            guard field["in"]?.string == "path", let id = field["id"]?.string else { return field }
            guard taken.contains(id) else {
                taken.insert(id)
                return field
            }
            let renamed = unique(id + "-path", taken: taken)
            taken.insert(renamed)
            path = path.replacingOccurrences(of: "{\(id)}", with: "{\(renamed)}")
            return withID(field, renamed)
        }
    }

    /// Body fields with ids distinct from the URL parameters': a body member named like a parameter (`id` in the
    /// path and in the body) gets its own id, and keeps its `path`, the name the server knows it by.
    ///
    /// Where the operation changes a record (PUT, PATCH), such a member is the value the record is given, and the
    /// parameter the record it is: heard alike ("Username", "Username") the listener cannot tell which is which,
    /// so the member's label says it is the new value (`newValue`, the catalogs' `openapi.label.newValue`).
    static func distinctBodyIDs(
        _ fields: [JSONNode], beside parameters: [JSONNode], newValue: ((String) -> String)? = nil
    ) -> [JSONNode] {
        var taken = Set((parameters + fields).compactMap { $0["id"]?.string })
        var parameterLabels: [String: String] = [:]
        for parameter in parameters {
            guard let id = parameter["id"]?.string else { continue }
            parameterLabels[id] = AuditText.normalized(parameter["label"]?.string ?? "")
        }
        return fields.map { field in
            guard let id = field["id"]?.string, let parameterLabel = parameterLabels[id] else { return field }
            let renamed = unique(id + "-body", taken: taken)
            taken.insert(renamed)
            guard let newValue, let label = field["label"], let words = label.string, !parameterLabel.isEmpty,
                AuditText.normalized(words) == parameterLabel
            else { return withID(field, renamed) }
            return with(withID(field, renamed), "label", JSONNode(.string(newValue(words)), line: label.line))
        }
    }

    private static func unique(_ id: String, taken: Set<String>) -> String {
        var candidate = id
        var number = 2
        while taken.contains(candidate) {
            candidate = "\(id)\(number)"
            number += 1
        }
        return candidate
    }

    private static func withID(_ field: JSONNode, _ id: String) -> JSONNode {
        guard let old = field["id"] else { return field }
        return with(field, "id", JSONNode(.string(id), line: old.line))
    }

    /// `field` with its member `key` replaced by `value`.
    private static func with(_ field: JSONNode, _ key: String, _ value: JSONNode) -> JSONNode {
        var field = field
        guard var members = field.members, let index = members.firstIndex(where: { $0.key == key }) else {
            return field
        }
        members[index].value = value
        field.value = .object(members)
        return field
    }
}
