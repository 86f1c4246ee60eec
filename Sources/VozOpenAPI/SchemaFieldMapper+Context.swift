import VozAudit
import VozForm
import VozJSON

extension SchemaFieldMapper {
    // MARK: - A nested object's name, only where two labels would be heard alike

    /// `fields` with the label of each field that another field asked with it shares, led by its nearest
    /// object's label (`parents`, by id): "Billing address city" beside "Shipping address city".
    ///
    /// A label is the description's own words ("Username", not "User username"): a listener hears the form's
    /// title and needs no wrapper object's name before each field. Only two labels heard alike cannot be told
    /// apart, so only those get the parent's words, once, as a compound (no colon, which the review would say
    /// twice). Fields of branches never asked together do not clash (`FieldCondition.excludes`, the test the
    /// audit's `label-duplicate` makes). Ids and paths do not change. Returns the ids whose labels were led.
    static func distinctLabels(_ fields: inout [JSONNode], parents: [String: String]) -> Set<String> {
        let conditions = Dictionary(
            fields.compactMap { field in field["id"]?.string.map { ($0, (condition(of: field), isChoice(field))) } },
            uniquingKeysWith: { first, _ in first })
        let lookup = { (id: String) -> (condition: FieldCondition?, isSingleChoice: Bool)? in conditions[id] }
        let labels = fields.map { AuditText.normalized($0["label"]?.string ?? "") }
        var led: Set<String> = []
        for index in fields.indices {
            guard !labels[index].isEmpty, let id = fields[index]["id"]?.string, let parent = parents[id],
                var members = fields[index].members,
                let at = members.firstIndex(where: { $0.key == "label" }), let label = members[at].value.string
            else { continue }
            let clashes = fields.indices.contains { other in
                other != index && labels[other] == labels[index]
                    && !FieldCondition.excludes(
                        conditions[id]?.0, fields[other]["id"]?.string.flatMap { conditions[$0]?.0 }, lookup: lookup)
            }
            let parentWords = Set(AuditText.words(parent))
            guard clashes, !parentWords.isEmpty, !parentWords.isSubset(of: Set(AuditText.words(label))) else {
                continue
            }
            members[at].value = JSONNode(.string(parent + " " + lowered(label)), line: members[at].value.line)
            fields[index].value = .object(members)
            led.insert(id)
        }
        return led
    }

    /// A generated field's `when` as the form decoder reads it: the field it reads and the values as text.
    private static func condition(of field: JSONNode) -> FieldCondition? {
        guard let when = field["when"], let id = when["field"]?.string else { return nil }
        let equals = when["equals"].map { $0.elements ?? [$0] } ?? []
        return FieldCondition(fieldID: id, values: equals.compactMap { $0.isNull ? "null" : $0.scalarText })
    }

    private static func isChoice(_ field: JSONNode) -> Bool { field["kind"]?.string == "choice" }

    /// `label` as the second half of a phrase: its first letter in lower case unless its first word is an acronym
    /// (`IBAN`, `URL`) or a name written with capitals inside (`PayPal`).
    private static func lowered(_ label: String) -> String {
        let first = label.prefix { !$0.isWhitespace }
        guard first.dropFirst().allSatisfy({ !$0.isUppercase }) else { return label }
        return label.prefix(1).lowercased() + label.dropFirst()
    }
}
