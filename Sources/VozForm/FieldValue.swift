import Foundation
import VozJSON

/// A field's parsed value, shaped as it goes into the request body.
///
/// `confirm` is a boolean, `number` a number, `multichoice` a list of option values, everything else a string.
public enum FieldValue: Sendable, Equatable, Codable {
    /// A text, or a choice's option value: a secret exactly as typed, anything else trimmed.
    case text(String)
    /// A `number` or `integer` answer.
    case number(Double)
    /// A `confirm` answer: true for yes.
    case bool(Bool)
    /// The option values of a `multichoice`, or the items of a `list`, in order.
    case list([String])
    /// The items of a repeatable group, each its members' values by member id.
    case group([GroupItem])
}

/// One item of a repeatable group: its members' values by member id, and their answers as typed.
public struct GroupItem: Sendable, Equatable, Codable {
    /// The members' values, by member id; members with no value are absent.
    public var values: [String: FieldValue]
    /// The members' answers as the person typed them, by member id, for reading back and for drafts.
    public var typed: [String: String]

    /// An item with these values and answers.
    public init(values: [String: FieldValue] = [:], typed: [String: String] = [:]) {
        self.values = values
        self.typed = typed
    }
}

/// The values of a form's fields, by field id. Fields with no value are absent.
public struct FormValues: Sendable, Equatable {
    private var storage: [String: FieldValue]

    /// The values in `values`, by field id.
    public init(_ values: [String: FieldValue] = [:]) {
        storage = values
    }

    /// The value of the field `id`, nil when it has none; setting nil removes it.
    public subscript(id: String) -> FieldValue? {
        get { storage[id] }
        set { storage[id] = newValue }
    }

    /// Every stored value, by field id.
    public var all: [String: FieldValue] { storage }

    /// Whether no field has a value.
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
