import VozForm
import VozLocalization

// What a screen reader says for one member of a group's item: the accessibility layer composes it, so the form
// layer's wording stays free of accessible elements (Form → Accessibility, never back).
extension GroupWording {
    /// One member's question within item `number`: "Invitado 2 de 3: nombre, obligatorio. …"; with `value`, the
    /// member's current value too, as any field says it when it is asked again.
    package static func memberPrompt(
        _ member: Field, of field: Field, number: Int, error: String? = nil, value: FieldValue? = nil,
        _ localizer: Localizer
    ) -> String {
        var asked = member
        asked.label = itemTitle(field, number: number, localizer) + ": " + member.label
        var element = AccessibleElement.field(
            asked, index: 0, count: 1, value: value, error: error, localizer: localizer)
        element.position = nil
        element.count = nil
        return element.spoken(localizer)
    }
}
