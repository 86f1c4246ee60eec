import Foundation

/// What a server's English validation message says, when it is one of the common wordings of the frameworks whose
/// replies Voz reads (Rails, Laravel, Django REST framework, pydantic and FastAPI, ASP.NET and FluentValidation,
/// Bean Validation, express-validator, Zod, Joi): "has already been taken", "The name may not be greater than 5
/// characters.", "Ensure this value is less than or equal to 2.", "Enter a valid email address.".
///
/// Said in English inside a Spanish session, such a message is noise to the listener; recognised, it becomes Voz's
/// own sentence in the person's language, with the field's label and the bound the server gave.
enum ServerPhrase: Equatable {
    /// Another record already has this value (unique, taken, exists).
    case taken
    /// The value is missing or empty.
    case required
    /// Longer than `maximum` characters; nil when the server gave no number.
    case tooLong(maximum: Int?)
    /// Shorter than `minimum` characters.
    case tooShort(minimum: Int)
    /// Between `minimum` and `maximum` characters.
    case lengthBetween(minimum: Int, maximum: Int)
    /// A number over `maximum` (inclusive).
    case aboveMaximum(Double)
    /// A number under `minimum` (inclusive).
    case belowMinimum(Double)
    /// A number outside `minimum`…`maximum` (inclusive).
    case outsideRange(minimum: Double, maximum: Double)
    /// Not an e-mail address.
    case email
    /// Not a number where one was expected.
    case notANumber
    /// Not in the format the server wants.
    case invalid
    /// It does not match its confirmation (a password typed twice).
    case confirmation

    /// The phrase `text` is, or nil when it is none Voz knows.
    static func recognise(_ text: String) -> ServerPhrase? {
        let folded = fold(text)
        guard !folded.isEmpty else { return nil }
        for recogniser in recognisers {
            if let phrase = recogniser(folded) { return phrase }
        }
        return nil
    }

    /// Lower case, typographic apostrophes and quotes made plain, `(s)` dropped, spaces collapsed.
    static func fold(_ text: String) -> String {
        var folded = text.lowercased()
        for (from, to) in [("’", "'"), ("‘", "'"), ("“", "\""), ("”", "\""), ("(s)", "s"), ("e-mail", "email")] {
            folded = folded.replacingOccurrences(of: from, with: to)
        }
        return folded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    // MARK: - Recognisers, most specific first

    private static let recognisers: [@Sendable (String) -> ServerPhrase?] = [
        confirmation, taken, lengths, numbers, formats, required,
    ]

    private static func confirmation(_ text: String) -> ServerPhrase? {
        let phrases = [
            "confirmation does not match", "confirmation doesn't match", "doesn't match", "do not match",
            "does not match confirmation", "must match password", "passwords must match", "passwords do not match",
        ]
        // "does not match the pattern" is a format; "doesn't match Password" (Rails) a confirmation.
        guard phrases.contains(where: text.contains), !text.contains("pattern"), !text.contains("format"),
            !text.contains("regex")
        else { return nil }
        return .confirmation
    }

    private static func taken(_ text: String) -> ServerPhrase? {
        let phrases = [
            "already been taken", "already taken", "already exists", "already exist", "already in use",
            "already registered", "already been registered", "already been used", "already used", "must be unique",
            "is not unique", "should be unique", "has to be unique", "is a duplicate",
        ]
        return phrases.contains(where: text.contains) ? .taken : nil
    }

    private static func lengths(_ text: String) -> ServerPhrase? {
        let between = [
            #"between (\d+) and (\d+) characters"#, #"size must be between (\d+) and (\d+)"#,
            #"minimum length of '?(\d+)'? and a maximum length of '?(\d+)'?"#,
            #"length must be between (\d+) and (\d+)"#,
        ]
        if let numbers = firstCaptures(between, in: text), numbers.count == 2,
            let minimum = Int(numbers[0]), let maximum = Int(numbers[1])
        {
            return minimum == 0 ? .tooLong(maximum: maximum) : .lengthBetween(minimum: minimum, maximum: maximum)
        }
        let longer = [
            #"(?:greater|longer|more) than (\d+) characters"#, #"maximum is (\d+) characters?"#,
            #"no more than (\d+) characters"#, #"at most (\d+) characters"#, #"maximum length (?:of |is )?'?(\d+)'?"#,
            #"(\d+) characters or (?:fewer|less)"#, #"less than or equal to (\d+) characters"#,
            #"(?:exceed|exceeds) (\d+) characters"#, #"<= ?(\d+) characters"#, #"max(?:imum)? (\d+) characters"#,
            #"up to (\d+) characters"#,
        ]
        if let numbers = firstCaptures(longer, in: text), let maximum = numbers.first.flatMap({ Int($0) }) {
            return .tooLong(maximum: maximum)
        }
        let shorter = [
            #"at least (\d+) characters?"#, #"minimum is (\d+) characters?"#, #"minimum length (?:of |is )?'?(\d+)'?"#,
            #"(?:shorter|fewer|less) than (\d+) characters"#, #">= ?(\d+) characters"#,
            #"min(?:imum)? (\d+) characters"#,
        ]
        if let numbers = firstCaptures(shorter, in: text), let minimum = numbers.first.flatMap({ Int($0) }) {
            return .tooShort(minimum: minimum)
        }
        if ["too long", "is too big", "string too long", "too many characters"].contains(where: text.contains) {
            return .tooLong(maximum: nil)
        }
        return nil
    }

    private static let number = #"(-?\d+(?:\.\d+)?)"#

    private static func numbers(_ text: String) -> ServerPhrase? {
        guard !text.contains("character") else { return nil }
        if let values = firstCaptures([#"between "# + number + " and " + number], in: text), values.count == 2,
            let minimum = Double(values[0]), let maximum = Double(values[1])
        {
            return .outsideRange(minimum: minimum, maximum: maximum)
        }
        let above = [
            "less than or equal to ", "not be greater than ", "not be more than ", "at most ", "not exceed ",
            "cannot exceed ", "must be smaller than or equal to ", "<= ?", "maximum is ", "maximum value is ",
        ]
        if let value = firstCaptures(above.map { $0 + number }, in: text)?.first.flatMap(Double.init) {
            return .aboveMaximum(value)
        }
        let below = [
            "greater than or equal to ", "not be less than ", "at least ", "not be smaller than ", ">= ?",
            "minimum is ", "minimum value is ",
        ]
        if let value = firstCaptures(below.map { $0 + number }, in: text)?.first.flatMap(Double.init) {
            return .belowMinimum(value)
        }
        return nil
    }

    private static func formats(_ text: String) -> ServerPhrase? {
        if text.contains("email") {
            let phrases = [
                "valid email", "invalid email", "email is invalid", "email address is invalid", "well-formed",
            ]
            if phrases.contains(where: text.contains) || text.contains("invalid") || text.contains("not valid") {
                return .email
            }
        }
        let number = [
            "is not a number", "must be a number", "valid number", "valid integer", "must be an integer",
            "not a valid integer", "should be a valid integer", "should be a valid number", "must be numeric",
        ]
        if number.contains(where: text.contains) { return .notANumber }
        let phrases = [
            "is invalid", "format is invalid", "invalid format", "is not valid", "not a valid", "invalid value",
            "must match", "should match", "does not match", "doesn't match", "a valid", "enter a valid",
            "must be a valid", "is malformed", "wrong format", "incorrect format", "has an invalid",
        ]
        if phrases.contains(where: text.contains) || text.hasPrefix("invalid") { return .invalid }
        return nil
    }

    private static func required(_ text: String) -> ServerPhrase? {
        let phrases = [
            "is required", "field required", "can't be blank", "cannot be blank", "may not be blank",
            "must not be blank", "must not be empty", "may not be empty", "cannot be empty", "can't be empty",
            "should not be empty", "must not be null", "may not be null", "cannot be null",
            "is not allowed to be empty",
            "is missing", "must be present", "must be filled", "must be provided",
        ]
        let trimmed = text.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
        return phrases.contains(where: text.contains) || ["required", "missing", "blank"].contains(trimmed)
            ? .required : nil
    }

    // MARK: - Matching

    /// The capture groups of the first of `patterns` that matches somewhere in `text`.
    private static func firstCaptures(_ patterns: [String], in text: String) -> [String]? {
        let whole = NSRange(text.startIndex..., in: text)
        for pattern in patterns {
            guard let expression = try? NSRegularExpression(pattern: pattern),
                let match = expression.firstMatch(in: text, range: whole)
            else { continue }
            return (1..<match.numberOfRanges).compactMap { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) }
            }
        }
        return nil
    }
}
