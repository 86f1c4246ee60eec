import VozForm

/// How the audit and the form builder tell a label somebody wrote from a property name re-cased.
extension FieldProvenance {
    /// The source of a label taken from `title`, or from the name when there is none.
    package static func labelSource(title: String?, name: String) -> LabelSource {
        guard let title else { return .name }
        return isRecased(title, of: name) ? .autoTitle : .title
    }

    /// Whether `label` is `name` with only its case, spaces and punctuation changed (`Passenger Name`,
    /// `passenger_name`): the same letters and digits in the same order.
    package static func isRecased(_ label: String, of name: String) -> Bool {
        AuditText.words(label).joined() == AuditText.words(name).joined()
    }
}
