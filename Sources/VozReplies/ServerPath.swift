import Foundation
import VozJSON

/// Where in the submitted data a server says an error is: a list of member names and array indexes.
///
/// Servers spell the same place many ways — `address.city`, `items[0].qty`, `items.0.qty` (Laravel),
/// `card[number]` (Stripe), `/data/attributes/email` (JSON:API), `#/email` (RFC 9457), `$.email` (ASP.NET),
/// `["body", "email"]` (pydantic) — and all of them read into the same segments.
struct ServerPath: Sendable, Equatable, CustomStringConvertible {
    enum Segment: Sendable, Equatable {
        case name(String)
        case index(Int)
        /// An array element chosen by one of its members, not by position: PayPal's
        /// `/purchase_units/@reference_id=='A1'/amount/value`.
        case filter(key: String, value: String)
    }

    var segments: [Segment]
    /// The strings the server wrote that this path was read from (member names, a path string, a `loc` array's
    /// names), as sent: reading drops quotes, brackets and dots, and what is left of a secret written as a name may
    /// be too short to be found, while the name as sent still holds it (the echoes fuzzer, seed 20, input 58562).
    /// Not part of equality: two spellings of one place are the same place.
    var sources: [String]

    init(segments: [Segment], sources: [String] = []) {
        self.segments = segments
        self.sources = sources
    }

    static func == (lhs: ServerPath, rhs: ServerPath) -> Bool {
        lhs.segments == rhs.segments
    }

    /// Member names that wrap the request body rather than name a field: pydantic's locations, JSON:API's
    /// document members, GraphQL's `input` argument.
    static let envelopeNames: Set<String> = [
        "body", "query", "path", "header", "headers", "cookie", "cookies", "params", "form",
        "data", "attributes", "relationships", "input",
    ]

    // MARK: - Reading

    /// Reads a path written as one string, in any of the spellings above.
    init(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("#/") || trimmed.hasPrefix("/") {
            self.init(pointer: trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed)
            sources = [text]
            return
        }
        var rest = Substring(trimmed)
        if rest.hasPrefix("$") { rest = rest.dropFirst() }
        var segments: [Segment] = []
        var current = ""
        var iterator = rest.makeIterator()
        func push(_ token: String) {
            if let filter = Self.filter(token) {
                segments.append(filter)
                return
            }
            let token = token.trimmingCharacters(in: CharacterSet(charactersIn: "'\" "))
            guard !token.isEmpty else { return }
            if let number = Self.index(token) {
                segments.append(.index(number))
            } else {
                segments.append(.name(token))
            }
        }
        while let character = iterator.next() {
            switch character {
            case ".":
                push(current)
                current = ""
            case "[":
                push(current)
                current = ""
                var inner = ""
                while let next = iterator.next(), next != "]" { inner.append(next) }
                push(inner)
            default:
                current.append(character)
            }
        }
        push(current)
        self.init(segments: segments, sources: [text])
    }

    /// Reads an RFC 6901 JSON Pointer (`/data/attributes/email`, `/items/0/qty`).
    init(pointer: String) {
        let tokens = pointer.split(separator: "/", omittingEmptySubsequences: true).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
        self.init(
            segments: tokens.map { token in
                if let filter = Self.filter(token) { return filter }
                if let index = Self.index(token) { return .index(index) }
                return .name(token)
            }, sources: [pointer])
    }

    /// Indexes a server may name; a larger number is a name, so `index + 1` (said counting from one) never
    /// overflows.
    static let indexRange = 0...Int(Int32.max)

    private static func index(_ token: String) -> Int? {
        guard let number = Int(token), indexRange.contains(number) else { return nil }
        return number
    }

    /// A key-filter selector, `@reference_id=='A1'` (or JSONPath's `?(@.reference_id=='A1')`), as a segment.
    private static func filter(_ token: String) -> Segment? {
        var body = Substring(token.trimmingCharacters(in: .whitespaces))
        if body.hasPrefix("?("), body.hasSuffix(")") { body = body.dropFirst(2).dropLast() }
        guard body.hasPrefix("@"), let equals = body.range(of: "==") else { return nil }
        var key = body[body.index(after: body.startIndex)..<equals.lowerBound]
        if key.hasPrefix(".") { key = key.dropFirst() }
        let value = body[equals.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: "'\" "))
        let name = key.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        return .filter(key: name, value: value)
    }

    /// Reads a path given as a JSON array of names and indexes (pydantic's `loc`, GraphQL's `field`, Zod's
    /// `path`); a name that itself contains dots is split too.
    init?(components: [JSONNode]) {
        var segments: [Segment] = []
        var sources: [String] = []
        for component in components {
            if let index = component.int, Self.indexRange.contains(index) {
                segments.append(.index(index))
            } else if let name = component.string {
                segments.append(contentsOf: ServerPath(name).segments)
                sources.append(name)
            } else {
                return nil
            }
        }
        self.init(segments: segments, sources: sources)
    }

    /// Reads a path from whatever JSON a server put there: a string or an array.
    init?(json: JSONNode) {
        switch json.value {
        case .string(let text): self.init(text)
        case .array(let items): self.init(components: items)
        default: return nil
        }
        if segments.isEmpty { return nil }
    }

    // MARK: - Views

    /// The member names only, indexes dropped.
    var names: [String] {
        segments.compactMap {
            if case .name(let name) = $0 { return name }
            return nil
        }
    }

    /// The path without leading envelope names (`body`, `data`, `attributes`, `input`, …), keeping at least one
    /// segment.
    var withoutEnvelope: ServerPath {
        var rest = segments[...]
        while rest.count > 1, case .name(let name)? = rest.first, Self.envelopeNames.contains(name.lowercased()) {
            rest = rest.dropFirst()
        }
        return ServerPath(segments: Array(rest), sources: sources)
    }

    /// The path as a person would read it (`address.city`, `items[0].qty`), for messages about unknown fields.
    var description: String {
        var text = ""
        for segment in segments {
            switch segment {
            case .name(let name): text += text.isEmpty ? name : ".\(name)"
            case .index(let index): text += "[\(index)]"
            case .filter(let key, let value): text += "[@\(key)=='\(value)']"
            }
        }
        return text
    }
}
