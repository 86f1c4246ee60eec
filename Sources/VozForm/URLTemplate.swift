import Foundation

/// A submit address with `{name}` parameters (`/articles/{slug}/comments`), filled from fields at send time.
enum URLTemplate {
    /// The parameter names in order, or nil when a brace is unmatched or a name is not a field id.
    static func parameters(in template: String) -> [String]? {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            guard rest[open] == "{", let close = rest[open...].firstIndex(of: "}") else { return nil }
            let name = String(rest[rest.index(after: open)..<close])
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "_-.".contains($0) }) else {
                return nil
            }
            names.append(name)
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// The template with each parameter replaced by what `value` gives for its name, percent-encoded as one path
    /// segment (a slash in a value cannot reach another segment, nor `.` or `..` climb out of the address).
    static func fill(_ template: String, _ value: (String) -> String) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            result += segment(value(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// One value as a path segment: percent-encoded, and a dot segment (`.`, `..`) with its dots encoded too, since
    /// every URL resolver (URLSession's, a proxy's, the server's) removes a raw one and the request lands elsewhere.
    static func segment(_ value: String) -> String {
        value == "." || value == ".." ? String(repeating: "%2E", count: value.count) : percentEncoded(value)
    }

    /// RFC 3986 unreserved characters stay; every other byte is percent-encoded.
    static func percentEncoded(_ text: String) -> String {
        URLFormText.percentEncoded(text, keeping: "-._~", spaceAsPlus: false)
    }
}
