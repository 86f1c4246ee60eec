import Foundation
import VozJSON
import VozLocalization

/// Local validation: turns what the user typed into a field's value, or into a sentence that names the field and
/// says how to fix the answer. Pure: no I/O, same answer every time.
///
/// Answers are read generously — a comma or a dot for decimals, an option by number, label or value, sí or yes
/// — because a listener cannot glance back at the exact format asked for.
public struct FieldValidator: Sendable {
    /// Says the refusals, in the session's language.
    public let localizer: Localizer

    /// A validator whose refusals `localizer` says.
    public init(localizer: Localizer) {
        self.localizer = localizer
    }

    // MARK: - One answer

    /// The value of one typed answer, nil when an optional field is left empty.
    ///
    /// An empty answer takes the field's default when it has one. A required `confirm` field must be answered
    /// yes (it stands for terms that must be accepted). `ofMember` says the field is a member of a group's item: asked
    /// of someone else (a guest), whose address is not "yours".
    public func parse(_ input: String, for field: Field, ofMember: Bool = false) throws(ValidationError) -> FieldValue?
    {
        if input.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            if let defaultValue = field.defaultValue, !defaultValue.isEmpty {
                var withoutDefault = field
                withoutDefault.defaultValue = nil
                return try parse(defaultValue, for: withoutDefault)
            }
            if field.required { throw requiredError(field, ofMember: ofMember) }
            return nil
        }
        var value = try interpret(input, for: field)
        // A card number or an IBAN typed with or without spaces or hyphens (an IBAN in any case) is one value: it is
        // sent, and fingerprinted, in one spelling, so the same one retyped otherwise after a restore is the same
        // send. A form whose own rules want it as typed keeps it so.
        if let spelled = Self.oneSpelling(value, for: field), (try? check(spelled, for: field)) != nil {
            value = spelled
        }
        try check(value, for: field)
        return value
    }

    /// The one spelling of a card number (its digits alone, at a card field) or of an IBAN (its letters and digits,
    /// upper-cased, at a field marked `iban` or holding one by its shape); nil when the value is neither, or is
    /// already so written.
    static func oneSpelling(_ value: FieldValue, for field: Field) -> FieldValue? {
        guard case .text(let text) = value else { return nil }
        let compact = text.filter { $0 != " " && $0 != "-" }
        if field.isCardNumber {
            guard compact != text, !compact.isEmpty, compact.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return nil
            }
            return .text(compact)
        }
        let upper = compact.uppercased()
        let isIBANField = FieldSensitivity.purposeName(field.purpose ?? "") == "iban"
        guard upper != text, isIBANField || SensitiveShape.of(text) == .iban, SensitiveShape.of(upper) == .iban else {
            return nil
        }
        return .text(upper)
    }

    /// The answer read as the field's kind, before its rules are checked.
    private func interpret(_ input: String, for field: Field) throws(ValidationError) -> FieldValue {
        let trimmed = input.trimmingCharacters(in: .whitespacesAndNewlines)
        switch field.kind {
        case .secret:
            // A password may begin or end with a space on purpose; only the line ending is the session's.
            return .text(input)
        case .text, .email, .multiline:
            return .text(trimmed)
        case .number, .integer:
            guard let number = AnswerText.number(trimmed) else {
                let key = field.kind == .integer ? "validation.integer.invalid" : "validation.number.invalid"
                throw error(field, .notANumber, localizer.text(key))
            }
            // A 64-bit floating point number keeps 15 significant digits exactly; more would be sent rounded.
            guard AnswerText.significantDigits(trimmed) <= 15 else {
                throw error(field, .notANumber, localizer.text("validation.number.tooManyDigits"))
            }
            return .number(number)
        case .list:
            return .list(ListWording.items(input))
        case .group:
            return .group(try groupItems(input, for: field))
        case .confirm:
            guard let answer = AnswerText.yesOrNo(trimmed) else {
                throw error(field, .notYesOrNo, localizer.text("validation.confirm.invalid"))
            }
            return .bool(answer)
        case .choice:
            guard let option = AnswerText.option(trimmed, in: field.options) else { throw unknownOption(field) }
            return .text(option.value)
        case .multichoice:
            return .list(try options(trimmed, for: field))
        }
    }

    private func options(_ answer: String, for field: Field) throws(ValidationError) -> [String] {
        // "1 3" is as natural as "1, 3" when only numbers are given.
        let onlyNumbers = answer.allSatisfy { $0.isNumber || $0 == "," || $0.isWhitespace }
        let items = answer.split(whereSeparator: { $0 == "," || (onlyNumbers && $0.isWhitespace) })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        var chosen = Set<String>()
        for item in items {
            guard let option = AnswerText.option(item, in: field.options) else {
                let detail = localizer.text(
                    "validation.multichoice.unknown",
                    ["item": QuotedText.visible(item), "count": String(field.options.count)])
                throw error(field, .unknownOption, detail)
            }
            chosen.insert(option.value)
        }
        // Form order, not typing order, so the same choice always sends the same body.
        return field.options.map(\.value).filter(chosen.contains)
    }

    // MARK: - Errors

    func error(_ field: Field, _ reason: ValidationError.Reason, _ detail: String) -> ValidationError {
        let message = localizer.text("validation.message", ["label": field.label, "detail": detail])
        return ValidationError(fieldID: field.id, reason: reason, detail: detail, message: message)
    }

    /// "Ejemplo: …." from the placeholder, or nil.
    func example(_ field: Field) -> String? {
        field.placeholder.map { localizer.text("validation.example", ["example": $0]) }
    }

    /// "es obligatorio. Escribe tu nombre." — but of a group's member (a guest's e-mail) the address is someone
    /// else's: `ofMember` asks for it by the member's label instead ("Escribe su correo.").
    func requiredError(_ field: Field, ofMember: Bool = false) -> ValidationError {
        var detail: String
        switch (field.kind, field.purpose) {
        case (.choice, _):
            detail = localizer.text("validation.required.choice", ["count": String(field.options.count)])
        case (.multichoice, _): detail = localizer.text("validation.required.multichoice")
        case (.confirm, _) where field.mustAccept: detail = localizer.text("validation.mustAccept")
        case (.confirm, _): detail = localizer.text("validation.required.yesNo")
        case (.list, _): detail = localizer.text("validation.required.list")
        case (.number, _), (.integer, _): detail = localizer.text("validation.required.number")
        case _ where ofMember && Self.asksForOwn(field):
            detail = localizer.text("validation.required.member", ["label": field.label])
        case (_, "name"?), (_, "given-name"?), (_, "family-name"?): detail = localizer.text("validation.required.name")
        case (.email, _), (_, "email"?): detail = localizer.text("validation.required.email")
        case (_, "new-password"?), (_, "current-password"?): detail = localizer.text("validation.required.password")
        default: detail = localizer.text("validation.required")
        }
        if field.kind != .secret, let example = example(field) { detail += " " + example }
        return error(field, field.kind == .confirm && field.mustAccept ? .mustAccept : .required, detail)
    }

    /// Whether the required sentence for `field` says "your" (your name, your e-mail address).
    private static func asksForOwn(_ field: Field) -> Bool {
        field.kind == .email || ["name", "given-name", "family-name", "email"].contains(field.purpose ?? "")
    }

    func unknownOption(_ field: Field) -> ValidationError {
        let detail = localizer.text(
            "validation.choice.unknown",
            ["count": String(field.options.count), "options": OptionWording.numbered(field.options, localizer)])
        return error(field, .unknownOption, detail)
    }
}
