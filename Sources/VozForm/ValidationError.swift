import Foundation

/// Why one answer was refused, with the sentence that tells the user how to fix it.
public struct ValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, for tests, audits and the session's decisions; the sentences carry the words.
    public enum Reason: Sendable, Equatable {
        /// A required field left empty.
        case required
        /// A required `confirm` field answered no (terms that must be accepted).
        case mustAccept
        /// An e-mail address of the wrong shape, and what is wrong with it.
        case email(EmailProblem)
        /// Not a number, or one with more digits than can be sent exactly.
        case notANumber
        /// A number below `min`, or not above `exclusiveMin`.
        case belowMinimum
        /// A number above `max`, or not below `exclusiveMax`.
        case aboveMaximum
        /// An answer that is none of the options, by number, label or value.
        case unknownOption
        /// A `confirm` answer that is neither yes nor no.
        case notYesOrNo
        /// Shorter than `minLength`.
        case tooShort
        /// Longer than `maxLength`.
        case tooLong
        /// The whole value does not match `pattern`.
        case patternMismatch
        /// The pattern took too long to check; the answer was refused rather than left waiting.
        case patternTimedOut
        /// A control character (or a line break outside a `multiline` field) in the answer.
        case controlCharacters
        /// A number with a fraction for an integer field.
        case notAnInteger
        /// A number off the field's step (`multipleOf`).
        case notAMultiple
        /// A list with fewer items than `minItems`.
        case tooFewItems
        /// A list with more items than `maxItems`.
        case tooManyItems
        /// The same item twice in a list whose items must differ.
        case duplicateItem
        /// One item of a list failed the field's rules; `item` is its 0-based position.
        indirect case item(Int, Reason)
        /// A stored value has the wrong shape for its field (a list for a text field, say).
        case wrongType
    }

    /// The id of the field whose answer was refused.
    public var fieldID: String
    /// What was wrong.
    public var reason: Reason
    /// What is wrong and what to do, without the field's name: "falta la arroba. Ejemplo: ana@ejemplo.com."
    public var detail: String
    /// The whole sentence, led by the field's label: "Correo electrónico: falta la arroba. Ejemplo: …".
    public var message: String

    /// A refusal of the answer to `fieldID`, with the sentence without the label (`detail`) and with it (`message`).
    public init(fieldID: String, reason: Reason, detail: String, message: String) {
        self.fieldID = fieldID
        self.reason = reason
        self.detail = detail
        self.message = message
    }

    /// The whole sentence, `message`.
    public var description: String { message }

    /// The error as it is attached to its field (the label is the element's own, so it is not repeated).
    public var fieldError: FieldError { FieldError(fieldID: fieldID, message: detail) }
}

/// What is wrong with an e-mail address, most basic first.
public enum EmailProblem: String, Sendable, Equatable, CaseIterable {
    /// A space anywhere in it.
    case containsSpace
    /// No `@`.
    case missingAt
    /// More than one `@`.
    case severalAts
    /// Nothing before the `@`.
    case missingLocalPart
    /// Nothing after the `@`.
    case missingDomain
    /// Over 254 bytes, or over 64 before the `@`.
    case tooLong
    /// A dot at the start or end of either part, or two in a row.
    case misplacedDot
    /// A domain with no dot (`ana@localhost`).
    case domainWithoutDot
    /// A character an address cannot have, or a domain label that starts or ends with `-` or is too long.
    case invalidCharacter
}
