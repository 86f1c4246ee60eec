// The English message catalog. Keys are grouped by the concern that says them; keep the sections in the
// same order in every language.
extension Catalog {
    static let english: [String: String] = [
        // MARK: - Form
        "form.option": "{number}, {label}",
        "form.optionSeparator": "; ",
        "form.and": " and ",
        "form.yes": "yes",
        "form.no": "no",
        "form.emailExample": "ana@example.com",
        // MARK: - Validation
        "validation.message": "{label}: {detail}",
        "validation.example": "Example: {example}.",
        "validation.required": "required. Type an answer.",
        "validation.required.name": "required. Type your name.",
        "validation.required.email": "required. Type your e-mail address.",
        "validation.required.password": "required. Type a password.",
        "validation.required.number": "required. Type a number.",
        "validation.required.choice": "required. Choose a number from 1 to {count}.",
        "validation.required.multichoice": "required. Choose at least one option by its number.",
        "validation.mustAccept": "you must accept this to continue. Answer yes.",
        "validation.email.containsSpace": "it cannot contain spaces.",
        "validation.email.missingAt": "the at sign is missing.",
        "validation.email.severalAts": "it has more than one at sign; it needs exactly one.",
        "validation.email.missingLocalPart": "the name before the at sign is missing.",
        "validation.email.missingDomain": "the domain after the at sign is missing.",
        "validation.email.tooLong": "it is too long for an e-mail address.",
        "validation.email.misplacedDot": "it has a dot at the start, at the end, or two in a row.",
        "validation.email.domainWithoutDot": "the domain needs a dot, as in example.com.",
        "validation.email.invalidCharacter": "it has a character an e-mail address cannot have: {character}.",
        "validation.number.invalid": "type a number, with a dot or a comma for decimals.",
        "validation.number.min": "it must be {min} or more.",
        "validation.number.max": "it must be {max} or less.",
        "validation.number.range": "it must be between {min} and {max}.",
        "validation.choice.unknown": "there is no such option. Choose a number from 1 to {count}: {options}.",
        "validation.multichoice.unknown":
            "{item} is not one of the options. Type their numbers separated by commas, from 1 to {count}.",
        "validation.confirm.invalid": "answer yes or no.",
        "validation.length.tooShort.one": "it has fewer than {count} character. Type at least {count}.",
        "validation.length.tooShort.other": "it has fewer than {count} characters. Type at least {count}.",
        "validation.length.tooLong.one": "it has more than {count} character. Type at most {count}.",
        "validation.length.tooLong.other": "it has more than {count} characters. Type at most {count}.",
        "validation.pattern": "it is not in the format asked for.",
        "validation.pattern.timeout": "it could not be checked in time. Type a shorter answer.",
        "validation.control": "it has control characters. Type it again without them.",
        "validation.wrongType": "the stored value does not fit this field. Type it again.",
        // MARK: - Accessibility
        "access.position": "Field {position} of {count}.",
        "access.required": "required",
        "access.secret": "hidden text",
        "access.invalid": "invalid: {error}",
        "access.disabled": "unavailable",
        "access.disabledBecause": "unavailable: {reason}",
        "access.choice": "Choose a number from 1 to {count}: {options}.",
        "access.multichoice": "Choose one or more numbers separated by commas, from 1 to {count}: {options}.",
        "access.confirm": "Answer yes or no.",
        "access.number": "Type a number.",
        "access.number.range": "Type a number between {min} and {max}.",
        "access.number.min": "Type a number of {min} or more.",
        "access.number.max": "Type a number of {max} or less.",
        "access.length.min.one": "At least {count} character.",
        "access.length.min.other": "At least {count} characters.",
        "access.length.max.one": "At most {count} character.",
        "access.length.max.other": "At most {count} characters.",
        "access.multiline": "You can type several lines.",
        "access.example": "Example: {example}.",
        "access.default": "If left empty: {value}.",
        "access.value": "Current value: {value}.",
        "access.hidden.one": "hidden, {count} character",
        "access.hidden.other": "hidden, {count} characters",
        "access.button": "button",
        "access.busy": "busy",
        "access.submit.busyReason": "wait until sending ends",
        // MARK: - Submission
        // MARK: - Server
        // MARK: - Speech
        // MARK: - Session
        // MARK: - Audit
        // MARK: - Command line
        "cli.placeholder": "en",
    ]
}
