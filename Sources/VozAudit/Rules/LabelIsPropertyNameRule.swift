import VozForm

/// A field built from an OpenAPI description or JSON Schema whose label is its property name in words, and a word
/// of it one a voice reads wrong: an initialism written as a word ("Cvc", "Iban", "Isbn"), an abbreviation ("Ref
/// no", "Qty"), a word without a vowel ("Txn"). A plain name ("Email", "Password", "City") is a right label, hint or
/// none; a mangled one stays mangled whatever hint follows it. It applies only to forms built from a description,
/// where the builder records where each label came from (`FieldProvenance`); pydantic's titles that re-case the
/// name ("Passenger Name") count as the name.
///
/// Moderate, not serious: the listener may still guess; but nobody chose the word for a listener, so the finding
/// says what the description should add.
package struct LabelIsPropertyNameRule: FormRule {
    package let info = AuditRuleInfo(
        id: "label-is-property-name", name: "LabelIsPropertyName", criterion: .headingsAndLabels,
        severity: .moderate, scope: .form)

    package init() {}

    package func check(_ document: FormDocument) -> RuleCheck {
        guard !document.provenance.isEmpty else { return .inapplicable }
        var violations: [Finding] = []
        for (index, field) in document.form.fields.enumerated() {
            violations += check(field, ids: [field.id], path: "fields[\(index)]", in: document)
            for (offset, member) in field.members.enumerated() {
                violations += check(
                    member, ids: [field.id, member.id], path: "fields[\(index)].fields[\(offset)]", in: document)
            }
        }
        return .checked(violations)
    }

    private func check(_ field: Field, ids: [String], path: String, in document: FormDocument) -> [Finding] {
        guard let origin = document.provenance[FieldProvenance.key(ids)], origin.label != .title,
            Self.isName(field.label, of: origin.property, parent: origin.parent),
            let word = LabelWords.misread(in: field.label)
        else { return [] }
        return [
            info.finding(
                in: document, path: path + ".label", field: ids.joined(separator: "."),
                variant: origin.label == .autoTitle ? "auto-title" : "message",
                arguments: [
                    "field": ids.joined(separator: "."), "label": field.label, "property": origin.property,
                    "word": word,
                ])
        ]
    }

    /// Whether `label` is still `property` in other words (a person may have edited the generated form since);
    /// `parent` is the nested object's label the generator put before it ("Address street").
    static func isName(_ label: String, of property: String, parent: String? = nil) -> Bool {
        FieldProvenance.isRecased(label, of: property)
            || parent.map { FieldProvenance.isRecased(label, of: $0 + property) } == true
    }
}
