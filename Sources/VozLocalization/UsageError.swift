import Foundation

/// A mistake in how voz was called; said as one sentence in the user's language, exit code 2. Only `voz --help`
/// stays English, as documented; the mistakes are said in the language of `LC_ALL`, `LC_MESSAGES` or `LANG`.
package enum UsageError: Error, CustomStringConvertible, Equatable, Sendable {
    case unknownCommand(String)
    case unknownOption(command: String, option: String)
    case missingValue(command: String, option: String, valueName: String)
    case repeatedOption(command: String, option: String)
    case missingArgument(command: String, name: String)
    case extraArgument(command: String, argument: String)
    case invalidValue(option: String, value: String, expected: Expected)

    /// What an option's value should have been.
    package enum Expected: Sendable, Equatable {
        /// A flag takes no value (`--help=yes`).
        case noValue
        /// One of these words, as they are typed (`text, json, sarif`).
        case oneOf([String])
        case wholeNumber
        /// A whole number from 0 to this.
        case wholeNumberUpTo(Int)
        /// A number from the first to the second.
        case numberRange(Int, Int)
        /// Text of this shape, as it is typed (`ID=VALUE`, `'Name: value'`).
        case shape(String)
        /// An http or https address, with these `{parameters}` for the form to fill.
        case address(parameters: [String])
        case fileName
        /// This machine's address: the demo service listens on loopback only.
        case loopback

        func text(_ localizer: Localizer) -> String {
            switch self {
            case .noValue: return localizer.text("usage.expected.noValue")
            case .oneOf(let words):
                return localizer.text("usage.expected.oneOf", ["words": words.joined(separator: ", ")])
            case .wholeNumber: return localizer.text("usage.expected.wholeNumber")
            case .wholeNumberUpTo(let limit):
                return localizer.text("usage.expected.wholeNumberUpTo", ["max": String(limit)])
            case .numberRange(let low, let high):
                return localizer.text("usage.expected.numberRange", ["min": String(low), "max": String(high)])
            case .shape(let shape): return shape
            case .address(let parameters) where parameters.isEmpty: return localizer.text("usage.expected.address")
            case .address(let parameters):
                return localizer.text("usage.expected.addressWith", ["parameters": parameters.joined(separator: ", ")])
            case .fileName: return localizer.text("usage.expected.fileName")
            case .loopback: return localizer.text("usage.expected.loopback")
            }
        }
    }

    /// The sentence in English.
    package var description: String { message(Localizer(language: .en)) }

    /// The sentence in `localizer`'s language.
    package func message(_ localizer: Localizer) -> String {
        switch self {
        case .unknownCommand(let name):
            return localizer.text("usage.unknownCommand", ["name": name])
        case .unknownOption(let command, let option):
            return localizer.text("usage.unknownOption", ["command": command, "option": option])
        case .missingValue(let command, let option, let valueName):
            return localizer.text("usage.missingValue", ["command": command, "option": option, "value": valueName])
        case .repeatedOption(let command, let option):
            return localizer.text("usage.repeatedOption", ["command": command, "option": option])
        case .missingArgument(let command, let name):
            return localizer.text("usage.missingArgument", ["command": command, "name": name])
        case .extraArgument(let command, let argument):
            return localizer.text("usage.extraArgument", ["command": command, "argument": argument])
        case .invalidValue(let option, let value, let expected):
            return localizer.text(
                "usage.invalidValue", ["option": option, "value": value, "expected": expected.text(localizer)])
        }
    }
}
