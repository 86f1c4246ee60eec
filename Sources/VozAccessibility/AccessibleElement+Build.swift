import Foundation
import VozForm
import VozLocalization

/// Building elements from the form model.
extension AccessibleElement {
    /// The element of one field, at 0-based `index` among `count` fields.
    ///
    /// `error` is the field's error sentence (a local `ValidationError.detail` or a server's `FieldError`);
    /// `disabledReason`, when given, makes the field disabled for that reason.
    public static func field(
        _ field: Field,
        index: Int,
        count: Int,
        value: FieldValue?,
        error: String?,
        disabledReason: String? = nil,
        localizer: Localizer
    ) -> AccessibleElement {
        var traits: AccessibleTraits = []
        if field.required { traits.insert(.required) }
        if field.isSecret { traits.insert(.secret) }
        if error != nil { traits.insert(.invalid) }
        if disabledReason != nil { traits.insert(.disabled) }
        return AccessibleElement(
            role: .field(field.kind),
            focusTarget: field.id,
            label: field.label,
            value: value.flatMap { words(for: $0, of: field, localizer) },
            error: error.map { withoutLabel($0, field.label) },
            hint: field.hint,
            instructions: instructions(for: field, localizer),
            example: field.isSecret ? nil : field.placeholder,
            defaultValue: defaultWords(field, localizer),
            traits: traits,
            disabledReason: disabledReason,
            position: index + 1,
            count: count
        )
    }

    /// The element of the submit control.
    public static func submit(_ spec: SubmitSpec, state: SubmitControlState, localizer: Localizer) -> AccessibleElement
    {
        switch state {
        case .enabled:
            return AccessibleElement(role: .submit, focusTarget: submitTarget, label: spec.label)
        case .sending:
            return AccessibleElement(
                role: .submit, focusTarget: submitTarget, label: spec.busyLabel ?? spec.label,
                traits: [.busy, .disabled], disabledReason: localizer.text("access.submit.busyReason"))
        case .disabled(let reason):
            return AccessibleElement(
                role: .submit, focusTarget: submitTarget, label: spec.label, traits: [.disabled],
                disabledReason: reason)
        }
    }

    // MARK: - Parts

    private static func words(for value: FieldValue, of field: Field, _ localizer: Localizer) -> String? {
        guard !FieldValidator.isEmpty(value) else { return nil }
        // What is said goes to the transcript too, so a value never at rest is never said whole: a card as its
        // last four digits (what a receipt prints, enough to tell two cards apart), the rest as a secret is said.
        // A card number or an IBAN, by its shape, is said as its last four whatever field holds it.
        if let (shape, digits) = SensitiveShape.lastFour(of: value.heldText ?? "") {
            return localizer.text(shape == .card ? "access.cardEnding" : "access.ibanEnding", ["digits": digits])
        }
        if field.isSensitive {
            if field.isCardNumber, let digits = lastFour(value.heldText ?? "") {
                return localizer.text("access.cardEnding", ["digits": digits])
            }
            guard let text = value.heldText else { return localizer.text("access.secret") }
            return localizer.plural("access.hidden", count: text.count)
        }
        return OptionWording.words(value, for: field, localizer)
    }

    /// A card number's last four digits, or nil when it has too few digits for four of them to hide the rest.
    static func lastFour(_ number: String) -> String? {
        let digits = number.filter(\.isASCII).filter(\.isNumber)
        return digits.count >= 12 ? String(digits.suffix(4)) : nil
    }

    private static func defaultWords(_ field: Field, _ localizer: Localizer) -> String? {
        guard let typed = field.defaultValue, !field.isSensitive else { return nil }
        var withoutDefault = field
        withoutDefault.defaultValue = nil
        guard let value = try? FieldValidator(localizer: localizer).parse(typed, for: withoutDefault) else {
            return typed
        }
        return OptionWording.words(value, for: field, localizer)
    }

    /// Whether Voz says a text's lengths before input ("At most 40 characters."): only for a field without a hint,
    /// since the author's hint usually says them already; this covers forms that forgot to.
    package static func saysLengths(of field: Field) -> Bool {
        field.hint == nil && [.text, .email, .secret].contains(field.kind)
    }

    /// How to answer this kind of field, when the kind or its rules ask for something particular.
    private static func instructions(for field: Field, _ localizer: Localizer) -> String? {
        let options = [
            "count": String(field.options.count), "options": OptionWording.numbered(field.options, localizer),
        ]
        switch field.kind {
        case .choice where field.options.count == 1, .multichoice where field.options.count == 1:
            // "Choose a number from 1 to 1" sounds broken; one option is said as the only one.
            return localizer.text("access.choice.single", options)
        case .choice: return localizer.text("access.choice", options)
        case .multichoice: return localizer.text("access.multichoice", options)
        case .confirm: return localizer.text("access.confirm")
        case .number, .integer:
            let kind = field.kind == .integer ? "access.integer" : "access.number"
            let said = field.kind == .integer ? NumberWording.wholeNumberBounds(field.rules) : field.rules
            guard let bounds = NumberWording.bounds(said, localizer) else { return localizer.text(kind) }
            return localizer.text(kind + ".bounded", ["bounds": bounds])
        case .list:
            return ListWording.instructions(for: field, localizer)
        case .group:
            return GroupWording.instructions(for: field, localizer)
        case .multiline: return localizer.text("access.multiline")
        case .text, .email, .secret:
            guard saysLengths(of: field) else { return nil }
            var parts: [String] = []
            // "At least 1 character" tells nobody anything: an empty answer is no answer.
            if let minLength = field.rules.minLength, minLength > 1 {
                parts.append(localizer.plural("access.length.min", count: minLength))
            }
            if let maxLength = field.rules.maxLength {
                parts.append(localizer.plural("access.length.max", count: maxLength))
            }
            return parts.isEmpty ? nil : parts.joined(separator: " ")
        }
    }

    /// Server and local messages sometimes repeat the field's label; the element already says it.
    private static func withoutLabel(_ message: String, _ label: String) -> String {
        let prefix = label + ": "
        return message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message
    }
}
