import Foundation
import VozJSON

/// Decoding a repeatable group: its member fields and what one item is called.
extension FormDecoder {
    /// The kinds a group's member may be: one answer a line, nothing secret (drafts keep group answers).
    package static let memberKinds: Set<FieldKind> = [.text, .email, .number, .integer, .choice, .confirm]

    mutating func decodeGroup(_ members: Members, into field: inout Field) throws(FormFileError) {
        let fieldsMember = members["fields"]
        guard field.kind == .group else {
            for key in ["fields", "itemLabel"] {
                if let member = members[key] {
                    throw fail(
                        members.path(key), member.keyLine,
                        "groupKeyMisplaced", ["key": key, "kind": field.kind.rawValue])
                }
            }
            return
        }
        field.itemLabel = try optionalText(members, "itemLabel", what: .what("itemLabel"))
        guard let fieldsMember else {
            throw fail(members.path, members.line, "groupNeedsFields")
        }
        let path = members.path("fields")
        guard let elements = fieldsMember.value.elements, !elements.isEmpty else {
            throw mismatch(path, fieldsMember.value, expected: .what("groupFields"))
        }
        var seen: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            let memberPath = "\(path)[\(index)]"
            lines[memberPath] = element.line
            let member = try self.field(element, at: memberPath)
            let line = lines[memberPath + ".kind"] ?? element.line
            guard Self.memberKinds.contains(member.kind) else {
                throw fail(
                    memberPath + ".kind", line,
                    "groupMemberKind", ["kind": member.kind.rawValue])
            }
            // A group's answers are kept in the draft as one value; a card or a code inside one would be kept too.
            if member.isSensitive {
                throw fail(
                    memberPath + ".purpose", lines[memberPath + ".purpose"] ?? element.line,
                    "groupMemberSensitive")
            }
            for key in ["in", "when"] where element[key] != nil {
                throw fail(
                    "\(memberPath).\(key)", lines["\(memberPath).\(key)"] ?? element.line,
                    "groupMemberKey", ["key": key])
            }
            if let earlier = seen[member.id] {
                throw fail(
                    memberPath + ".id", lines[memberPath + ".id"] ?? element.line,
                    "duplicateMemberID", ["id": QuotedText.quote(member.id), "earlier": "fields[\(earlier)]"])
            }
            seen[member.id] = index
            field.members.append(member)
        }
    }
}
