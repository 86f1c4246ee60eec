import Foundation

extension Form {
    /// The address a send goes to: `{name}` parameters filled from path fields and query fields appended, each
    /// value percent-encoded. Those values never go into the body.
    public func requestURL(values: FormValues) -> URL {
        let applicable = applicableFields(values)
        func text(_ field: Field) -> String? {
            guard let value = values[field.id], !FieldValidator.isEmpty(value) else { return nil }
            return URLFormText.items(value).joined(separator: ",")
        }
        var address = submit.url.absoluteString
        if let template = submit.urlTemplate {
            address = URLTemplate.fill(template) { name in field(id: name).flatMap(text) ?? "" }
        }
        let query = applicable.filter { $0.location == .query }.compactMap { field -> String? in
            guard let value = values[field.id], !FieldValidator.isEmpty(value) else { return nil }
            return URLFormText.items(value).map {
                URLTemplate.percentEncoded(field.id) + "=" + URLTemplate.percentEncoded($0)
            }.joined(separator: "&")
        }
        if !query.isEmpty {
            let (base, fragment) = Self.split(address, at: "#")
            address = base + (base.contains("?") ? "&" : "?") + query.joined(separator: "&") + fragment
        }
        return URL(string: address) ?? submit.url
    }

    /// The path fields whose `{name}` would be filled with nothing (a field of a branch not taken, a blank value):
    /// the address would have a gap, `/events//registrations`, that servers read as another endpoint.
    public func emptyPathParameters(values: FormValues) -> [Field] {
        let names = submit.urlTemplate.flatMap(URLTemplate.parameters(in:)) ?? []
        return names.compactMap { name in
            guard let field = field(id: name) else { return nil }
            let value = values[field.id]
            let empty = value.map { FieldValidator.isEmpty($0) || URLFormText.items($0).joined().isEmpty } ?? true
            return empty || !applies(field, values: values) ? field : nil
        }
    }

    private static func split(_ text: String, at mark: Character) -> (String, String) {
        guard let index = text.firstIndex(of: mark) else { return (text, "") }
        return (String(text[..<index]), String(text[index...]))
    }
}

extension SubmitSpec {
    /// Replaces the address (`voz run --url`). A form that fills `{name}` parameters needs an address with the
    /// same parameters; returns false, leaving the spec unchanged, when `text` is not such an http(s) address.
    public mutating func replaceAddress(with text: String) -> Bool {
        let wanted = Set(urlTemplate.flatMap(URLTemplate.parameters(in:)) ?? [])
        guard let given = URLTemplate.parameters(in: text), Set(given) == wanted,
            let url = URL(string: given.isEmpty ? text : URLTemplate.fill(text) { _ in "x" }),
            ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else { return false }
        self.url = url
        urlTemplate = given.isEmpty ? nil : text
        return true
    }

    /// The `{name}` parameters the address needs, written as a user types them ("{evento}"), or empty.
    public var addressParameters: [String] {
        (urlTemplate.flatMap(URLTemplate.parameters(in:)) ?? []).map { "{\($0)}" }
    }
}
