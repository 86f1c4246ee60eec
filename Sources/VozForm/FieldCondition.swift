import Foundation
import VozJSON

/// When a field applies: another field holds one of some values (a branch of a choice), or holds any value.
///
/// A field that does not apply is not asked, not checked, not reviewed and not sent; an error a server gives for
/// it goes to the general message.
public struct FieldCondition: Sendable, Equatable {
    /// The id of the field the condition reads.
    public var fieldID: String
    /// The option values (as text) that make the field apply; empty means "any value".
    public var values: [String]

    /// A condition on the field `fieldID`: one of `values`, or any value when there are none.
    public init(fieldID: String, values: [String] = []) {
        self.fieldID = fieldID
        self.values = values
    }

    /// Whether the condition holds for `values`; the field it reads must itself apply.
    func holds(in values: FormValues, form: Form) -> Bool {
        guard let field = form.field(id: fieldID), form.applies(field, values: values),
            let value = values[fieldID], !FieldValidator.isEmpty(value)
        else { return false }
        guard !self.values.isEmpty else { return true }
        switch value {
        case .text(let text): return self.values.contains(text)
        case .bool(let flag): return self.values.contains(flag ? "true" : "false")
        case .number(let number): return self.values.contains(JSONNumber(number)?.literal ?? "")
        case .list(let items): return items.contains(where: self.values.contains)
        case .group: return true
        }
    }
}

/// Where a field's value goes in the request.
public enum FieldLocation: String, Sendable, Equatable, CaseIterable {
    /// Into the request body, at the field's `bodyPath`.
    case body
    /// Into the URL's path, in place of `{id}`.
    case path
    /// Into the URL's query, as `id=value`.
    case query
    /// Nowhere: asked only to decide which branch applies (a generated "which kind" choice); its branches'
    /// constants say it to the server.
    case none
}

/// A value a form file writes for the body: a constant or an option's value.
public enum BodyScalar: Sendable, Equatable {
    /// A JSON string.
    case string(String)
    /// A number as written (`2`, `2.50`).
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// JSON's `null`.
    case null

    /// The value as text, as an answer or a condition names it.
    public var text: String {
        switch self {
        case .string(let text), .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }

    /// The value as a JSON node of the request body.
    var json: JSONNode {
        switch self {
        case .string(let text): return .string(text)
        case .number(let literal): return JSONNode(.number(JSONNumber(literal: literal)))
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        }
    }
}

/// A member sent with a fixed value and never asked, perhaps only while a condition holds (a branch's `type`).
public struct FormConstant: Sendable, Equatable {
    /// Where the member goes in the body (`["type"]`, `["payment", "kind"]`).
    public var path: [String]
    /// The value sent, exactly as the file wrote it.
    public var value: BodyScalar
    /// When set, the member is sent only while this condition holds; nil means always.
    public var condition: FieldCondition?

    /// A member sent at `path` with `value`, always or while `condition` holds.
    public init(path: [String], value: BodyScalar, condition: FieldCondition? = nil) {
        self.path = path
        self.value = value
        self.condition = condition
    }
}

// MARK: - Applicability

extension Form {
    /// Whether `field` applies given the current values.
    public func applies(_ field: Field, values: FormValues) -> Bool {
        field.condition?.holds(in: values, form: self) ?? true
    }

    /// The fields that apply given the current values, in form order.
    public func applicableFields(_ values: FormValues) -> [Field] {
        fields.filter { applies($0, values: values) }
    }
}
