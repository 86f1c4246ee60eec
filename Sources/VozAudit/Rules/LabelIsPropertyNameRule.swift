import VozForm

/// A field built from an OpenAPI description or JSON Schema whose label is only its property name in words, with
/// no description to go with it: nobody wrote what to type, the form read the wire format aloud ("Birth date" may
/// do; "Sku", "Ref no" or "Tos accepted" do not). It applies only to forms built from a description, where the
/// builder records where each label came from (`FieldProvenance`); pydantic's titles that re-case the name
/// ("Passenger Name") count as the name.
///
/// Moderate, not serious: the name may read well, and the rule cannot tell; but nobody chose it for a listener, so
/// the finding says what the description should add.
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
            AuditText.isBlank(field.hint), Self.isName(field.label, of: origin.property, parent: origin.parent)
        else { return [] }
        return [
            info.finding(
                in: document, path: path + ".label", field: ids.joined(separator: "."),
                variant: origin.label == .autoTitle ? "auto-title" : "message",
                arguments: ["field": ids.joined(separator: "."), "label": field.label, "property": origin.property])
        ]
    }

    /// Whether `label` is still `property` in other words (a person may have edited the generated form since);
    /// `parent` is the nested object's label the generator put before it ("Address street").
    static func isName(_ label: String, of property: String, parent: String? = nil) -> Bool {
        FieldProvenance.isRecased(label, of: property)
            || parent.map { FieldProvenance.isRecased(label, of: $0 + property) } == true
    }
}
