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
    static func distinctBodyIDs(_ fields: [JSONNode], beside parameters: [JSONNode]) -> [JSONNode] {
        var taken = Set((parameters + fields).compactMap { $0["id"]?.string })
        let parameterIDs = Set(parameters.compactMap { $0["id"]?.string })
        return fields.map { field in
            guard let id = field["id"]?.string, parameterIDs.contains(id) else { return field }
            let renamed = unique(id + "-body", taken: taken)
            taken.insert(renamed)
            return withID(field, renamed)
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
        var field = field
        guard var members = field.members, let index = members.firstIndex(where: { $0.key == "id" }) else {
            return field
        }
        members[index].value = JSONNode(.string(id), line: members[index].value.line)
        field.value = .object(members)
        return field
    }
}
