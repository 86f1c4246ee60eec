import Foundation

/// Checking values against a field's kind and rules, one at a time or a whole form at once.
extension FieldValidator {
    /// Checks a value already in a field's shape against the field's kind and rules.
    public func check(_ value: FieldValue, for field: Field) throws(ValidationError) {
        switch (field.kind, value) {
        case (.text, .text(let text)), (.email, .text(let text)), (.secret, .text(let text)),
            (.multiline, .text(let text)):
            try checkText(text, for: field)
        case (.number, .number(let number)):
            try checkRange(number, for: field)
        case (.choice, .text(let chosen)):
            guard field.options.contains(where: { $0.value == chosen }) else { throw unknownOption(field) }
        case (.multichoice, .list(let chosen)):
            if chosen.isEmpty, field.required { throw requiredError(field) }
            guard chosen.allSatisfy({ value in field.options.contains { $0.value == value } }) else {
                throw unknownOption(field)
            }
        case (.confirm, .bool(let accepted)):
            if field.required, !accepted { throw requiredError(field) }
        default:
            throw error(field, .wrongType, localizer.text("validation.wrongType"))
        }
    }

    /// Every error of a form's values, in form order (so focus can go to the first).
    public func validate(_ values: FormValues, in form: Form) -> [ValidationError] {
        var errors: [ValidationError] = []
        for field in form.fields {
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

    static func isEmpty(_ value: FieldValue) -> Bool {
        switch value {
        case .text(let text): return text.isEmpty
        case .list(let items): return items.isEmpty
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
        let count = text.count
        if let minLength = field.rules.minLength, count < minLength {
            throw error(field, .tooShort, localizer.plural("validation.length.tooShort", count: minLength))
        }
        if let maxLength = field.rules.maxLength, count > maxLength {
            throw error(field, .tooLong, localizer.plural("validation.length.tooLong", count: maxLength))
        }
        if let pattern = field.rules.pattern {
            try checkPattern(text, pattern, for: field)
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
        let language = localizer.language
        let min = field.rules.min.map { AnswerText.format($0, language: language) }
        let max = field.rules.max.map { AnswerText.format($0, language: language) }
        let tooSmall = field.rules.min.map { number < $0 } ?? false
        let tooLarge = field.rules.max.map { number > $0 } ?? false
        guard tooSmall || tooLarge else { return }
        let reason: ValidationError.Reason = tooSmall ? .belowMinimum : .aboveMaximum
        if let min, let max {
            throw error(field, reason, localizer.text("validation.number.range", ["min": min, "max": max]))
        }
        if let min { throw error(field, reason, localizer.text("validation.number.min", ["min": min])) }
        throw error(field, reason, localizer.text("validation.number.max", ["max": max ?? ""]))
    }
}
