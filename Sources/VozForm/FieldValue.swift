import Foundation
import VozJSON

/// A field's parsed value, shaped as it goes into the request body.
///
/// `confirm` is a boolean, `number` a number, `multichoice` a list of option values, everything else a string.
public enum FieldValue: Sendable, Equatable, Codable {
    case text(String)
    case number(Double)
    case bool(Bool)
    case list([String])
    /// The items of a repeatable group, each its members' values by member id.
    case group([GroupItem])
}

/// One item of a repeatable group: its members' values by member id, and their answers as typed.
public struct GroupItem: Sendable, Equatable, Codable {
    public var values: [String: FieldValue]
    public var typed: [String: String]

    public init(values: [String: FieldValue] = [:], typed: [String: String] = [:]) {
        self.values = values
        self.typed = typed
    }
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

extension FieldValue {
    /// The value as it would appear in a body or a server's echo, for looking a sensitive value up: a text as it
    /// is, a number as the body writes it; nil for values that are no single piece of text.
    package var heldText: String? {
        switch self {
        case .text(let text): return text.isEmpty ? nil : text
        case .number(let number): return JSONNumber(number)?.literal
        case .bool, .list, .group: return nil
        }
    }
}
