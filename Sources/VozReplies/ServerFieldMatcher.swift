import Foundation
import VozForm

/// Finds the form field a server's error path is about.
///
/// A field is found by its `serverNames` first, then by its id, comparing names without regard to case or
/// separators (`user_email`, `userEmail` and `user-email` are one name). Then the path is tried without its
/// envelope (`body.`, `/data/attributes/`), without trailing indexes (`tags[1]` is the `tags` field), by its tail
/// when one side has a wrapper of names the other lacks (`request.user.email` is `user.email`; `[1].qty` is
/// `items[1].qty`), by its last name (`address.city` → `city`) and by its first name; the loose ones count only
/// when exactly one field fits, so a guess never lands an error on the wrong field.
struct ServerFieldMatcher: Sendable {
    private struct Candidate: Sendable {
        var id: String
        /// Keys of the field's server names, whole.
        var serverKeys: Set<String>
        var idKey: String
        /// The last name of each server name, and of the id.
        var lastNames: Set<String>
        /// Each server name and the id as folded segments, for tail matches.
        var tokenPaths: [[String]]
    }

    private let candidates: [Candidate]
    /// Every field id and server name, whole and folded: a reply key that is one of these is a field.
    let formNames: Set<String>
    /// The payment-card field: purpose `cc-number` first, then any `cc-*`, then a server name or id saying card.
    let cardFieldID: String?
    /// The form, for paths into the items of lists and groups.
    private let form: Form

    init(form: Form) {
        self.form = form
        candidates = form.fields.map { field in
            // A nested field is also found by its place in the body (`source.number`, `/source/number`).
            let serverPaths = (field.serverNames + [field.bodyPath.joined(separator: ".")]).map { ServerPath($0) }
            let idPath = ServerPath(field.id)
            var lastNames = Set(serverPaths.compactMap { $0.names.last.map(Self.normalize) })
            lastNames.insert(Self.normalize(idPath.names.last ?? field.id))
            return Candidate(
                id: field.id,
                serverKeys: Set(serverPaths.map(Self.key)),
                idKey: Self.key(idPath),
                lastNames: lastNames,
                tokenPaths: (serverPaths + [idPath]).map(Self.tokens).filter { !$0.isEmpty })
        }
        formNames = candidates.reduce(into: Set<String>()) { names, candidate in
            names.formUnion(candidate.serverKeys)
            names.insert(candidate.idKey)
        }
        let purpose = { (field: Field) in field.purpose?.lowercased().split(separator: " ").last.map(String.init) }
        cardFieldID =
            form.fields.first { purpose($0) == "cc-number" }?.id
            ?? form.fields.first { purpose($0)?.hasPrefix("cc-") == true }?.id
            ?? form.fields.first { field in
                ([field.id] + field.serverNames).contains { Self.normalize($0).contains("card") }
            }?.id
    }

    // MARK: - Matching

    /// The id of the field `path` names, or nil when no field (or more than one, for a loose match) fits.
    func fieldID(for path: ServerPath) -> String? {
        guard !path.segments.isEmpty else { return nil }
        // An index after a list's or group's path names one of its items, whatever names its members share.
        if let id = Self.itemField(for: path, in: form) { return id }
        let bare = path.withoutEnvelope
        var trimmed = bare
        while trimmed.segments.count > 1, case .index? = trimmed.segments.last { trimmed.segments.removeLast() }
        for attempt in [path, bare, trimmed] {
            let key = Self.key(attempt)
            if let match = candidates.first(where: { $0.serverKeys.contains(key) }) { return match.id }
            if let match = candidates.first(where: { $0.idKey == key }) { return match.id }
        }
        for attempt in [path, trimmed] {
            let tokens = Self.tokens(attempt)
            if let match = unique({ $0.tokenPaths.contains { Self.tailsMatch(tokens, $0) } }) { return match }
        }
        if let last = bare.names.last, let match = unique({ $0.lastNames.contains(Self.normalize(last)) }) {
            return match
        }
        if let first = bare.names.first {
            let name = Self.normalize(first)
            if let match = unique({ $0.idKey == name || $0.serverKeys.contains(name) }) { return match }
        }
        return nil
    }

    private func unique(_ fits: (Candidate) -> Bool) -> String? {
        let matches = candidates.filter(fits)
        return matches.count == 1 ? matches[0].id : nil
    }

    // MARK: - Keys

    /// A name folded for comparison: lower case, letters and digits only.
    static func normalize(_ name: String) -> String {
        // Every member of a reply is matched, thousands in a hostile one: ASCII takes the short way, and the
        // character set is fetched once, not once a character.
        var folded = String.UnicodeScalarView()
        for scalar in name.lowercased().unicodeScalars {
            let kept =
                scalar.isASCII
                ? (("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)) : alphanumerics.contains(scalar)
            if kept { folded.append(scalar) }
        }
        return String(folded)
    }

    private static let alphanumerics = CharacterSet.alphanumerics

    /// A whole path folded for comparison; indexes stay distinct from names so `items[0]` is not `items0`.
    static func key(_ path: ServerPath) -> String {
        tokens(path).joined()
    }

    /// Each segment folded: names by `normalize`, indexes as `#0`, key filters as `@referenceid=A1`.
    static func tokens(_ path: ServerPath) -> [String] {
        path.segments.map { segment in
            switch segment {
            case .name(let name): return normalize(name)
            case .index(let index): return "#\(index)"
            case .filter(let key, let value): return "@\(normalize(key))=\(value)"
            }
        }
    }

    /// Whether one path is the other with a wrapper in front: only names may be left over (`request.`, `items`),
    /// never an index or a filter, which would say a different element.
    static func tailsMatch(_ a: [String], _ b: [String]) -> Bool {
        guard !a.isEmpty, !b.isEmpty, a.count != b.count else { return false }
        let (long, short) = a.count > b.count ? (a, b) : (b, a)
        guard Array(long.suffix(short.count)) == short else { return false }
        return long.prefix(long.count - short.count).allSatisfy { !$0.hasPrefix("#") && !$0.hasPrefix("@") }
    }
}
