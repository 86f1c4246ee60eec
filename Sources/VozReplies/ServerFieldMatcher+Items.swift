import Foundation
import VozForm

/// Errors on one item of a list or a group: `tags[0]`, `guests[1].email`, `/guests/1/email`.
extension ServerFieldMatcher {
    /// Where in a list or group field a server path points: the item's index and, in a group, the member's id.
    struct ItemPlace: Equatable {
        var index: Int
        var memberID: String?
    }

    /// The group or list field whose body path `path` starts with, followed by an item index.
    static func itemField(for path: ServerPath, in form: Form) -> String? {
        let bare = path.withoutEnvelope
        return form.fields.first { field in
            (field.kind == .group || field.kind == .list) && place(of: bare, in: field) != nil
        }?.id
    }

    /// The item (and member) `path` points at inside `field`, when it points inside it.
    static func place(of path: ServerPath, in field: Field) -> ItemPlace? {
        let names = field.bodyPath.map(normalize)
        let segments = path.withoutEnvelope.segments
        guard segments.count > names.count else { return nil }
        for (segment, name) in zip(segments, names) {
            guard case .name(let given) = segment, normalize(given) == name else { return nil }
        }
        guard case .index(let index) = segments[names.count] else { return nil }
        let rest = ServerPath(segments: Array(segments.dropFirst(names.count + 1)))
        guard field.kind == .group, !rest.segments.isEmpty else { return ItemPlace(index: index) }
        let key = Self.key(rest)
        let member = field.members.first { member in
            key == Self.key(ServerPath(member.bodyPath.joined(separator: "."))) || key == normalize(member.id)
        }
        return ItemPlace(index: index, memberID: member?.id)
    }
}
