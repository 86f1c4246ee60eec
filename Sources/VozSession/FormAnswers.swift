import Foundation
import VozForm
import VozJSON

/// The answers of a run, parsed as the form's kinds say: text, numbers, yes or no, chosen options, group items.
///
/// Secrets are here too: they never leave memory from here, and a tool that asked for a password needs it. Decode
/// them into a struct of the tool's own with `decode(_:)`.
public struct FormAnswers: Sendable, Equatable {
    /// Every value given, by field id; fields left empty are absent.
    public var values: FormValues

    /// The answers `values` hold.
    public init(values: FormValues) {
        self.values = values
    }

    /// The value of field `id`, or nil when it was left empty.
    public subscript(id: String) -> FieldValue? { values[id] }

    /// The text of field `id` (a text, e-mail, secret or single choice), or nil when it has none.
    public func text(_ id: String) -> String? {
        if case .text(let text) = values[id] { return text }
        return nil
    }

    /// The answers as a `T`, one property a field id: text as `String`, numbers as any numeric type, confirms as
    /// `Bool`, multiple choices and lists as `[String]`, group items as arrays of structs of their members. A field
    /// left empty is absent, so make optional fields optional.
    ///
    /// - Throws: `DecodingError` when `T` does not match the form (a property the form has no field for, a type that
    ///   does not fit).
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(type, from: Data(JSONWriter().bytes(json)))
    }

    /// The answers as one JSON object, members by field id in id order.
    var json: JSONNode {
        .object(values.all.sorted { $0.key < $1.key }.map { ($0.key, Self.json($0.value)) })
    }

    private static func json(_ value: FieldValue) -> JSONNode {
        guard case .group(let items) = value else { return value.json }
        return .array(
            items.map { item in
                .object(item.values.sorted { $0.key < $1.key }.map { ($0.key, json($0.value)) })
            })
    }
}
