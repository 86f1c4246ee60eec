import Foundation

/// A form as Voz runs it: an ordered list of fields and the submit control that sends them.
///
/// Field order is meaningful everywhere: prompts follow it, and after a failed submission focus moves to
/// the first failing field in this order.
public struct Form: Sendable, Equatable {
    /// A stable identifier, used for drafts and transcripts.
    public var id: String
    /// The form's spoken and printed title.
    public var title: String
    /// The language the form is written in (`es`, `en`, …), when the file says so.
    public var locale: String?
    /// The language the form's own words (title, labels, hints, options) are in, when it is not `locale`: an API
    /// description in Spanish whose form speaks Voz's sentences in English. Those words are its language's.
    public var labelsLocale: String?
    /// The fields, in the order they are asked.
    public var fields: [Field]
    /// The submit control and where it sends.
    public var submit: SubmitSpec
    /// Overrides of catalog phrases, by catalog key.
    public var messages: [String: String]
    /// Members sent with fixed values, never asked.
    public var constants: [FormConstant] = []

    /// A form asking `fields` in order and sending them as `submit` says; `messages` replace catalog phrases by key.
    public init(
        id: String,
        title: String,
        locale: String? = nil,
        fields: [Field],
        submit: SubmitSpec,
        messages: [String: String] = [:]
    ) {
        self.id = id
        self.title = title
        self.locale = locale
        self.fields = fields
        self.submit = submit
        self.messages = messages
    }

    /// The field with this id, if the form has one.
    public func field(id: String) -> Field? {
        fields.first { $0.id == id }
    }

    /// The position (0-based) of the field with this id in form order.
    public func index(ofField id: String) -> Int? {
        fields.firstIndex { $0.id == id }
    }
}
