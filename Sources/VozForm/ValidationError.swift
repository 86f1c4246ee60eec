import Foundation

/// Why one answer was refused, with the sentence that tells the user how to fix it.
public struct ValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, for tests, audits and the session's decisions; the sentences carry the words.
    public enum Reason: Sendable, Equatable {
        case required
        /// A required `confirm` field answered no (terms that must be accepted).
        case mustAccept
        case email(EmailProblem)
        case notANumber
        case belowMinimum
        case aboveMaximum
        case unknownOption
        case notYesOrNo
        case tooShort
        case tooLong
        case patternMismatch
        /// The pattern took too long to check; the answer was refused rather than left waiting.
        case patternTimedOut
        case controlCharacters
        /// A number with a fraction for an integer field.
        case notAnInteger
        /// A number off the field's step (`multipleOf`).
        case notAMultiple
        /// A list with fewer or more items than its rules allow, or the same item twice.
        case tooFewItems
        case tooManyItems
        case duplicateItem
        /// One item of a list failed the field's rules; `item` is its 0-based position.
        indirect case item(Int, Reason)
        /// A stored value has the wrong shape for its field (a list for a text field, say).
        case wrongType
    }

    public var fieldID: String
    public var reason: Reason
    /// What is wrong and what to do, without the field's name: "falta la arroba. Ejemplo: ana@ejemplo.com."
    public var detail: String
    /// The whole sentence, led by the field's label: "Correo electrónico: falta la arroba. Ejemplo: …".
    public var message: String

    public init(fieldID: String, reason: Reason, detail: String, message: String) {
        self.fieldID = fieldID
        self.reason = reason
        self.detail = detail
        self.message = message
    }

    public var description: String { message }

    /// The error as it is attached to its field (the label is the element's own, so it is not repeated).
    public var fieldError: FieldError { FieldError(fieldID: fieldID, message: detail) }
}

/// What is wrong with an e-mail address, most basic first.
public enum EmailProblem: String, Sendable, Equatable, CaseIterable {
    case containsSpace
    case missingAt
    case severalAts
    case missingLocalPart
    case missingDomain
    case tooLong
    case misplacedDot
    case domainWithoutDot
    case invalidCharacter
}
