import VozAudit
import VozJSON

extension SchemaFieldMapper {
    /// A payment card's members named only for what they are within it: a `number` beside a `cvc` or an
    /// `exp_month`, under a branch the path does not call a card (Stripe's `source` of `object: card`). The
    /// neighbours say it is the card's number, which must be `cc-number`, so it is never kept in a draft.
    static func markCardNumbers(_ siblings: inout ArraySlice<JSONNode>) {
        let purposes = siblings.compactMap { $0["purpose"]?.string }
        guard purposes.contains(where: { $0 == "cc-csc" || $0.hasPrefix("cc-exp") }),
            !purposes.contains("cc-number")
        else { return }
        for index in siblings.indices where siblings[index]["purpose"] == nil {
            let name = (siblings[index]["path"]?.string ?? "").split(separator: ".").last.map(String.init) ?? ""
            let words = Set(PurposeInference.words(name))
            guard siblings[index]["kind"]?.string == "text", words.contains("number") || words.contains("pan"),
                var members = siblings[index].members
            else { continue }
            members.append(JSONMember(key: "purpose", value: JSONNode(.string("cc-number"))))
            let ordered = members.enumerated().sorted {
                (keyOrder.firstIndex(of: $0.element.key) ?? 99, $0.offset)
                    < (keyOrder.firstIndex(of: $1.element.key) ?? 99, $1.offset)
            }
            siblings[index] = JSONNode(
                .object(ordered.map(\.element)), line: siblings[index].line, column: siblings[index].column)
            return
        }
    }
}
