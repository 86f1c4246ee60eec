import Foundation
import VozJSON

/// The members a form's values put in the body: each at its path, as JSON text and as form-encoded strings.
struct BodyMembers {
    struct Member: Equatable {
        var path: [String]
        var json: JSONNode
        /// The strings a form-encoded body sends for it: one, or one per item (repeated names, as HTML does).
        var items: [String]
    }

    /// The body's members in form order: applicable fields sent in the body, then applicable constants.
    static func members(values: FormValues, form: Form) -> [Member] {
        var members: [Member] = []
        for field in form.applicableFields(values) where field.location == .body {
            if let value = values[field.id], !FieldValidator.isEmpty(value) {
                members.append(member(value, of: field))
            } else if field.nullWhenEmpty {
                members.append(Member(path: field.bodyPath, json: .null, items: [""]))
            }
        }
        for constant in form.constants where constant.condition?.holds(in: values, form: form) ?? true {
            members.append(Member(path: constant.path, json: constant.value.json, items: [text(constant.value)]))
        }
        return members
    }

    private static func member(_ value: FieldValue, of field: Field) -> Member {
        let path = field.bodyPath
        switch value {
        case .text(let chosen) where field.kind == .choice:
            let sent = field.options.first { $0.value == chosen }?.sent ?? .string(chosen)
            return Member(path: path, json: sent.json, items: [text(sent)])
        case .list(let chosen) where field.kind == .multichoice:
            let sent = chosen.map { value in field.options.first { $0.value == value }?.sent ?? .string(value) }
            return Member(path: path, json: .array(sent.map(\.json)), items: sent.map(text))
        case .list(let items) where field.itemKind == .number || field.itemKind == .integer:
            let numbers = items.map { item in AnswerText.number(item).map(JSONNode.number) ?? .string(item) }
            return Member(path: path, json: .array(numbers), items: items)
        case .group(let groupItems):
            // Each item an object of its members at their paths; a form body cannot nest, so it sends none.
            let objects = groupItems.map { item -> JSONNode in
                var tree = BodyTree()
                for member in field.members {
                    if let value = item.values[member.id], !FieldValidator.isEmpty(value) {
                        tree.insert(self.member(value, of: member).json, at: member.bodyPath)
                    } else if member.nullWhenEmpty {
                        tree.insert(.null, at: member.bodyPath)
                    }
                }
                return tree.node
            }
            return Member(path: path, json: .array(objects), items: [])
        default:
            return Member(path: path, json: value.json, items: URLFormText.items(value))
        }
    }

    private static func text(_ scalar: BodyScalar) -> String {
        scalar == .null ? "" : scalar.text
    }
}

/// JSON objects nested by path, members in the order first written.
struct BodyTree {
    private enum Node {
        case leaf(JSONNode)
        case object(BodyTree)
    }

    private var keys: [String] = []
    private var nodes: [String: Node] = [:]

    mutating func insert(_ json: JSONNode, at path: [String]) {
        guard let first = path.first else { return }
        if nodes[first] == nil { keys.append(first) }
        if path.count == 1 {
            nodes[first] = .leaf(json)
            return
        }
        var child: BodyTree
        if case .object(let existing)? = nodes[first] { child = existing } else { child = BodyTree() }
        child.insert(json, at: Array(path.dropFirst()))
        nodes[first] = .object(child)
    }

    /// The tree as one JSON object, members in the order first written.
    var node: JSONNode {
        .object(
            keys.compactMap { key -> (String, JSONNode)? in
                switch nodes[key] {
                case .leaf(let json)?: return (key, json)
                case .object(let child)?: return (key, child.node)
                case nil: return nil
                }
            })
    }
}
