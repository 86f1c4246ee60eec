import Foundation

/// A field's parsed value, shaped as it goes into the request body.
///
/// `confirm` is a boolean, `number` a number, `multichoice` a list of option values, everything else a string.
public enum FieldValue: Sendable, Equatable {
    case text(String)
    case number(Double)
    case bool(Bool)
    case list([String])
}

/// The values of a form's fields, by field id. Fields with no value are absent.
public struct FormValues: Sendable, Equatable {
    private var storage: [String: FieldValue]

    public init(_ values: [String: FieldValue] = [:]) {
        storage = values
    }

    public subscript(id: String) -> FieldValue? {
        get { storage[id] }
        set { storage[id] = newValue }
    }

    /// Every stored value, by field id.
    public var all: [String: FieldValue] { storage }

    public var isEmpty: Bool { storage.isEmpty }
}
