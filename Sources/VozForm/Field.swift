import Foundation

/// One question of a form.
public struct Field: Sendable, Equatable, Identifiable {
    /// The field's id; also its member name in the request body.
    public var id: String
    /// The spoken and printed name of the field. Never replaced by the placeholder.
    public var label: String
    /// What kind of answer it takes, which decides how it is asked, checked and sent.
    public var kind: FieldKind
    /// Whether the form cannot be sent without an answer; a required field says so after its label.
    public var required: Bool
    /// Instructions, spoken after the label.
    public var hint: String?
    /// An example value. It is read as an example, never as the label.
    public var placeholder: String?
    /// The value used when the user gives none, as it would be typed.
    public var defaultValue: String?
    /// The options of a `choice` or `multichoice` field, in order.
    public var options: [FieldOption]
    /// The checks made on the value before it is sent (lengths, pattern, bounds, format, item counts).
    public var rules: FieldRules
    /// An autocomplete-style token (`name`, `email`, `new-password`, …), WCAG 1.3.5.
    public var purpose: String?
    /// The names a server may use for this field (`email`, `user.email`, `/data/attributes/email`).
    public var serverNames: [String]
    /// Where the value goes in the body (`["user", "email"]`); empty means a member named by the id.
    public var path: [String] = []
    /// Whether the value goes into the body, the URL path or the query.
    public var location: FieldLocation = .body
    /// When set, the field applies (is asked, checked and sent) only while this condition holds.
    public var condition: FieldCondition?
    /// Whether an optional field left empty is sent as `null` rather than left out.
    public var nullWhenEmpty = false
    /// For a `confirm` field: whether the answer must be yes (terms to accept), not merely given. Unless set, a
    /// required `confirm` field must be accepted, as before the distinction existed.
    public var mustAccept: Bool {
        get { explicitMustAccept ?? (kind == .confirm && required) }
        set { explicitMustAccept = newValue }
    }
    private var explicitMustAccept: Bool?
    /// For a `list` field: the kind of each item (text, email, number, integer), checked by the field's rules.
    public var itemKind: FieldKind = .text
    /// For a `group` field: the fields of each item, their paths relative to the item.
    public var members: [Field] = []
    /// For a `group` field: what one item is called ("Invitado"), said before each of its questions.
    public var itemLabel: String?

    /// A field with what a person would say about it; the rest (`path`, `location`, `condition`, the list and group
    /// settings) is set on the value afterwards.
    public init(
        id: String,
        label: String,
        kind: FieldKind = .text,
        required: Bool = false,
        hint: String? = nil,
        placeholder: String? = nil,
        defaultValue: String? = nil,
        options: [FieldOption] = [],
        rules: FieldRules = FieldRules(),
        purpose: String? = nil,
        serverNames: [String] = []
    ) {
        self.id = id
        self.label = label
        self.kind = kind
        self.required = required
        self.hint = hint
        self.placeholder = placeholder
        self.defaultValue = defaultValue
        self.options = options
        self.rules = rules
        self.purpose = purpose
        self.serverNames = serverNames
    }

    /// Whether the value is typed with echo off and never said, not even in part (a `secret` field). Whether it may
    /// be kept is a wider question: see `isSensitive`.
    public var isSecret: Bool { kind == .secret }

    /// The field's place in the body: its `path`, or its id.
    public var bodyPath: [String] { path.isEmpty ? [id] : path }

    /// Whether the field takes a number (`number` or `integer`).
    public var isNumeric: Bool { kind == .number || kind == .integer }
}

/// What kind of answer a field takes.
public enum FieldKind: String, Sendable, Equatable, CaseIterable {
    /// One line of free text.
    case text
    /// An e-mail address, checked for its shape.
    case email
    /// A password, code or key: typed with echo off, never said back and never kept.
    case secret
    /// A number, with or without decimals, sent as a JSON number.
    case number
    /// A whole number, sent as a JSON number; a fraction is refused.
    case integer
    /// One of the `options`.
    case choice
    /// Any number of the `options`, sent as an array.
    case multichoice
    /// A yes or no, sent as `true` or `false`.
    case confirm
    /// A long text over several lines.
    case multiline
    /// Several free values, one per line or separated by commas, sent as an array.
    case list
    /// Repeated items of several questions each (`members`), sent as an array of objects.
    case group
}

/// One option of a choice: the value sent to the server and the label said to the user.
public struct FieldOption: Sendable, Equatable {
    /// The option's value as text (`pro`, `2`, `true`, `null`): what answers and drafts keep.
    public var value: String
    /// What the option is called when it is said and printed.
    public var label: String
    /// The value as the body sends it: a string, or a number, boolean or null when the file wrote one.
    public var sent: BodyScalar

    /// An option; `sent` defaults to `value` as a string.
    public init(value: String, label: String, sent: BodyScalar? = nil) {
        self.value = value
        self.label = label
        self.sent = sent ?? .string(value)
    }
}

/// Local constraints on a field's value.
public struct FieldRules: Sendable, Equatable {
    /// The fewest characters the value may have, counted as `lengthCounts` says.
    public var minLength: Int?
    /// The most characters the value may have, counted as `lengthCounts` says.
    public var maxLength: Int?
    /// What `minLength` and `maxLength` count.
    public var lengthCounts = LengthCounting.characters
    /// A regular expression the whole value must match.
    public var pattern: String?
    /// What to say when `pattern` does not match; it should say how to fix the value.
    public var patternMessage: String?
    /// A pattern the server checks but Voz cannot check the same way (from an API description, in ECMA-262's
    /// dialect). Kept so the audit can say a wrong value is only found after sending; never matched locally.
    public var serverPattern: String?
    /// A JSON Schema format Voz checks as JSON Schema defines it (`date` refuses 1990-13-45).
    public var format: TextFormat?
    /// The smallest number allowed, itself included.
    public var min: Double?
    /// The largest number allowed, itself included.
    public var max: Double?
    /// A bound the number must be strictly above.
    public var exclusiveMin: Double?
    /// A bound the number must be strictly below.
    public var exclusiveMax: Double?
    /// The value must be a whole multiple of this step.
    public var multipleOf: Double?
    /// For a `list` or `group`: the fewest items it takes.
    public var minItems: Int?
    /// For a `list` or `group`: the most items it takes.
    public var maxItems: Int?
    /// For a `list`: whether each item must differ from the others.
    public var uniqueItems = false

    /// The rules a hand-written field most often needs; the others are set on the value afterwards.
    public init(
        minLength: Int? = nil,
        maxLength: Int? = nil,
        pattern: String? = nil,
        patternMessage: String? = nil,
        min: Double? = nil,
        max: Double? = nil
    ) {
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
        self.patternMessage = patternMessage
        self.min = min
        self.max = max
    }

    /// Whether any rule constrains the value's format.
    public var isEmpty: Bool {
        minLength == nil && maxLength == nil && pattern == nil && format == nil && min == nil && max == nil
            && exclusiveMin == nil
            && exclusiveMax == nil && multipleOf == nil && minItems == nil && maxItems == nil && !uniqueItems
    }
}

/// What a field's `minLength` and `maxLength` count.
public enum LengthCounting: String, Sendable, Equatable, CaseIterable {
    /// Characters as a person perceives them (grapheme clusters): "é" written as e and an accent is one. Form files
    /// count this way unless they say otherwise.
    case characters
    /// Unicode code points (scalars), as JSON Schema counts: "é" written as e and an accent is two. Forms built
    /// from a JSON Schema or OpenAPI description count this way, so Voz agrees with the server's validator.
    case codePoints

    /// The length of `text` counted this way.
    public func length(of text: String) -> Int {
        switch self {
        case .characters: return text.count
        case .codePoints: return text.unicodeScalars.count
        }
    }
}
