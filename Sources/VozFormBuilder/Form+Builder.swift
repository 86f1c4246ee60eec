import Foundation
import VozAudit
import VozForm

extension Form {
    /// A form written in Swift, read as it sounds: its title, where it is sent, and its fields in the order they
    /// are asked.
    ///
    /// ```swift
    /// let form = Form("Sign up", locale: "en", sendTo: url) {
    ///     Field.text("Full name", id: "name").required()
    ///     Field.email("E-mail", id: "email").required()
    ///     Field.secret("Password", id: "password").required().minLength(8)
    /// }
    /// ```
    ///
    /// A field about the user with no purpose gets the one the audit expects (`name`, `email`, `new-password`). In
    /// a debug build the form is then audited by the rules `voz audit` applies to form files, and a finding at
    /// serious or critical severity stops the program with the findings listed: a form nobody can hear is a bug
    /// its developer should meet first.
    ///
    /// - Parameters:
    ///   - title: the form's name, said first.
    ///   - id: names its draft; by default made from the title.
    ///   - locale: the language its words are written in (`en`, `es`), so they are said with that language's voice.
    ///   - url: where it is sent.
    ///   - submitLabel: the submit control's label; by default the title.
    public init(
        _ title: String, id: String? = nil, locale: String? = nil, sendTo url: URL, method: HTTPMethod = .post,
        submitLabel: String? = nil, @FieldsBuilder fields: () -> [Field]
    ) {
        self.init(
            id: id ?? FieldIdentifier.make(title), title: title, locale: locale, fields: fields(),
            submit: SubmitSpec(label: submitLabel ?? title, url: url, method: method))
        let setting = InputPurpose.setting(of: self)
        for index in self.fields.indices where self.fields[index].purpose == nil {
            self.fields[index].purpose = InputPurpose.expectedToken(for: self.fields[index], in: setting)
        }
        #if DEBUG
            FormCheck.assertHearable(self)
        #endif
    }
}
