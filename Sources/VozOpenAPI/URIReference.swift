/// Resolves URI references against a base URI by RFC 3986 §5.2, on text, so `$ref`, `$id` and `servers` resolve
/// the same way for file, http and `urn:` bases alike (Foundation's `URL(string:relativeTo:)` keeps the reference
/// unresolved for bases it does not know how to join, such as `urn:`).
enum URIReference {
    /// The parts of a URI reference (RFC 3986 §3); nil parts are absent, which differs from empty.
    struct Parts: Equatable {
        var scheme: String?
        var authority: String?
        var path: String
        var query: String?
        var fragment: String?

        init(_ text: String) {
            var rest = Substring(text)
            if let hash = rest.firstIndex(of: "#") {
                fragment = String(rest[rest.index(after: hash)...])
                rest = rest[..<hash]
            }
            if let mark = rest.firstIndex(of: "?") {
                query = String(rest[rest.index(after: mark)...])
                rest = rest[..<mark]
            }
            if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isLetter,
                rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
            {
                scheme = String(rest[..<colon])
                rest = rest[rest.index(after: colon)...]
            }
            if rest.hasPrefix("//") {
                let afterSlashes = rest.dropFirst(2)
                let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
                authority = String(afterSlashes[..<end])
                rest = afterSlashes[end...]
            }
            path = String(rest)
        }

        var text: String {
            var result = ""
            if let scheme { result += scheme + ":" }
            if let authority { result += "//" + authority }
            result += path
            if let query { result += "?" + query }
            if let fragment { result += "#" + fragment }
            return result
        }
    }

    /// `reference` resolved against the absolute URI `base`.
    static func resolve(_ reference: String, against base: String) -> String {
        let ref = Parts(reference)
        let base = Parts(base)
        var target = ref
        if ref.scheme != nil {
            target.path = removeDotSegments(ref.path)
        } else if ref.authority != nil {
            target.scheme = base.scheme
            target.path = removeDotSegments(ref.path)
        } else {
            target.scheme = base.scheme
            target.authority = base.authority
            if ref.path.isEmpty {
                target.path = base.path
                target.query = ref.query ?? base.query
            } else {
                target.path = removeDotSegments(ref.path.hasPrefix("/") ? ref.path : merge(base, ref.path))
            }
        }
        return target.text
    }

    /// `uri` without its fragment, and the fragment ("" when there is none).
    static func split(_ uri: String) -> (document: String, fragment: String) {
        guard let hash = uri.firstIndex(of: "#") else { return (uri, "") }
        return (String(uri[..<hash]), String(uri[uri.index(after: hash)...]))
    }

    /// Whether `text` has a scheme, so it needs no base.
    static func isAbsolute(_ text: String) -> Bool { Parts(text).scheme != nil }

    // MARK: - RFC 3986 §5.2.3–4

    private static func merge(_ base: Parts, _ path: String) -> String {
        if base.authority != nil, base.path.isEmpty { return "/" + path }
        guard let slash = base.path.lastIndex(of: "/") else { return path }
        return base.path[...slash] + path
    }

    static func removeDotSegments(_ path: String) -> String {
        var input = Substring(path)
        var output: [Substring] = []
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") || input == "/.." {
                input = input == "/.." ? "/" : input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                let start = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[start...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }
}
