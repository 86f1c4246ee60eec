import Foundation
import VozJSON

/// Checking values against a field's kind and rules, one at a time or a whole form at once.
extension FieldValidator {
    /// Checks a value already in a field's shape against the field's kind and rules.
    public func check(_ value: FieldValue, for field: Field) throws(ValidationError) {
        switch (field.kind, value) {
        case (.text, .text(let text)), (.email, .text(let text)), (.secret, .text(let text)),
            (.multiline, .text(let text)):
            try checkText(text, for: field)
        case (.number, .number(let number)), (.integer, .number(let number)):
            try checkRange(number, for: field)
        case (.list, .list(let items)):
            try checkItems(items, for: field)
        case (.group, .group(let items)):
            try checkGroup(items, for: field)
        case (.choice, .text(let chosen)):
            guard field.options.contains(where: { $0.value == chosen }) else { throw unknownOption(field) }
        case (.multichoice, .list(let chosen)):
            if chosen.isEmpty, field.required { throw requiredError(field) }
            guard chosen.allSatisfy({ value in field.options.contains { $0.value == value } }) else {
                throw unknownOption(field)
            }
        case (.confirm, .bool(let accepted)):
            if field.mustAccept, !accepted { throw requiredError(field) }
        default:
            throw error(field, .wrongType, localizer.text("validation.wrongType"))
        }
    }

    /// Every error of a form's values, in form order (so focus can go to the first).
    public func validate(_ values: FormValues, in form: Form) -> [ValidationError] {
        var errors: [ValidationError] = []
        for field in form.applicableFields(values) {
            guard let value = values[field.id], !Self.isEmpty(value) else {
                if field.required { errors.append(requiredError(field)) }
                continue
            }
            do {
                try check(value, for: field)
            } catch {
                errors.append(error)
            }
        }
        return errors
    }

    package static func isEmpty(_ value: FieldValue) -> Bool {
        switch value {
        case .text(let text): return text.isEmpty
        case .list(let items): return items.isEmpty
        case .group(let items): return items.isEmpty
        case .number, .bool: return false
        }
    }

    // MARK: - Text

    private func checkText(_ text: String, for field: Field) throws(ValidationError) {
        if AnswerText.hasControlCharacters(text, allowLineBreaks: field.kind == .multiline) {
            throw error(field, .controlCharacters, localizer.text("validation.control"))
        }
        if field.kind == .email, let (problem, character) = EmailSyntax.problem(in: text) {
            var detail = localizer.text(
                "validation.email.\(problem.rawValue)",
                ["character": character.map { QuotedText.quote(String($0)) } ?? ""])
            let example = field.placeholder ?? localizer.text("form.emailExample")
            detail += " " + localizer.text("validation.example", ["example": example])
            throw error(field, .email(problem), detail)
        }
        if FieldSensitivity.purposeName(field.purpose ?? "") == "iban", let problem = IBANCheck.problem(in: text) {
            throw error(field, .patternMismatch, ibanDetail(problem, for: field))
        }
        let count = field.rules.lengthCounts.length(of: text)
        if let minLength = field.rules.minLength, count < minLength {
            throw error(field, .tooShort, localizer.plural("validation.length.tooShort", count: minLength))
        }
        if let maxLength = field.rules.maxLength, count > maxLength {
            throw error(field, .tooLong, localizer.plural("validation.length.tooLong", count: maxLength))
        }
        if let pattern = field.rules.pattern {
            try checkPattern(text, pattern, for: field)
        }
        if let format = field.rules.format, !format.accepts(text) {
            throw error(field, .patternMismatch, localizer.text("validation.format.\(format.rawValue)"))
        }
    }

    /// What is wrong with an IBAN, said without its value: the field is sensitive.
    private func ibanDetail(_ problem: IBANCheck.Problem, for field: Field) -> String {
        switch problem {
        case .shape:
            return [localizer.text("validation.iban.shape"), example(field)].compactMap { $0 }.joined(separator: " ")
        case .length(let country, let expected, let typed):
            return localizer.text(
                "validation.iban.length", ["country": country, "count": String(expected), "typed": String(typed)])
        case .checkDigits:
            return localizer.text("validation.iban.checkDigits")
        }
    }

    private func checkPattern(_ text: String, _ pattern: String, for field: Field) throws(ValidationError) {
        switch PatternMatcher.match(text, pattern: pattern) {
        case .match:
            return
        case .noMatch, .invalidPattern:
            var detail = field.rules.patternMessage ?? localizer.text("validation.pattern")
            if field.rules.patternMessage == nil, field.kind != .secret, let example = example(field) {
                detail += " " + example
            }
            throw error(field, .patternMismatch, detail)
        case .timedOut:
            throw error(field, .patternTimedOut, localizer.text("validation.pattern.timeout"))
        }
    }

    // MARK: - Numbers

    private func checkRange(_ number: Double, for field: Field) throws(ValidationError) {
        if field.kind == .integer, number.rounded() != number {
            throw error(field, .notAnInteger, localizer.text("validation.integer.fraction"))
        }
        let rules = field.rules
        if !NumberWording.fits(number, rules) {
            let reason: ValidationError.Reason =
                (rules.min.map { number < $0 } ?? false) || (rules.exclusiveMin.map { number <= $0 } ?? false)
                ? .belowMinimum : .aboveMaximum
            throw error(
                field, reason, rangeDetail(field.kind == .integer ? NumberWording.wholeNumberBounds(rules) : rules))
        }
        if let step = rules.multipleOf, !NumberWording.isMultiple(number, of: step) {
            let words = AnswerText.format(step, language: localizer.language)
            throw error(field, .notAMultiple, localizer.text("validation.number.step", ["step": words]))
        }
    }

    /// The sentence for a number out of bounds; the plain inclusive cases keep their short phrases.
    private func rangeDetail(_ rules: FieldRules) -> String {
        let language = localizer.language
        let min = rules.min.map { AnswerText.format($0, language: language) }
        let max = rules.max.map { AnswerText.format($0, language: language) }
        if rules.exclusiveMin == nil, rules.exclusiveMax == nil {
            if let min, let max { return localizer.text("validation.number.range", ["min": min, "max": max]) }
            if let min { return localizer.text("validation.number.min", ["min": min]) }
            if let max { return localizer.text("validation.number.max", ["max": max]) }
        }
        var bounds = rules
        bounds.multipleOf = nil
        return localizer.text("validation.number.bounds", ["bounds": NumberWording.bounds(bounds, localizer) ?? ""])
    }
}
