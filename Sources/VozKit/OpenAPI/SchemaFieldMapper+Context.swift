import VozJSON

extension SchemaFieldMapper {
    // MARK: - A nested object's name in its members' labels

    /// The fields of the nested object labelled `parent`, each label led by the parent's ("Contact name").
    ///
    /// A page shows a flattened object's members under its heading; a listener hears no heading, only "Name" and
    /// "E-mail address", and cannot tell the contact's name from another "Name" heard a minute before. The
    /// parent's words come first, once, as a compound ("Contact e-mail address"): no colon, which the review
    /// would say twice ("Contact: name: Ana"); a member already labelled with them ("Contact phone"), or already
    /// led by a nearer object's label, is left as it is. Ids and paths do not change.
    static func labelled(_ fields: [JSONNode], parent: String, skipping: Set<String>) -> [JSONNode] {
        let parentWords = Set(AuditText.words(parent))
        guard !parentWords.isEmpty else { return fields }
        return fields.map { field in
            guard let id = field["id"]?.string, !skipping.contains(id), var members = field.members,
                let index = members.firstIndex(where: { $0.key == "label" }),
                let label = members[index].value.string, !parentWords.isSubset(of: Set(AuditText.words(label)))
            else { return field }
            members[index].value = JSONNode(.string(parent + " " + lowered(label)), line: members[index].value.line)
            var field = field
            field.value = .object(members)
            return field
        }
    }

    /// `label` as the second half of a phrase: its first letter in lower case unless its first word is an acronym
    /// (`IBAN`, `URL`).
    private static func lowered(_ label: String) -> String {
        let first = label.prefix { !$0.isWhitespace }
        guard first.count < 2 || !first.allSatisfy({ $0.isUppercase || !$0.isLetter }) else { return label }
        return label.prefix(1).lowercased() + label.dropFirst()
    }
}
