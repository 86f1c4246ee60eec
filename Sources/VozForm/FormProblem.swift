import Foundation
import VozLocalization

/// What is wrong in a form file, as a catalog phrase: a key and its arguments, each either text kept as the file
/// wrote it (an id, a key, a kind, a quoted value) or another phrase ("expected {expected}, found {found}"). The
/// words are chosen when the problem is said, in the user's language.
public struct FormProblem: Sendable, Equatable, CustomStringConvertible {
    /// One argument of a phrase.
    public enum Argument: Sendable, Equatable {
        /// Text the file wrote, said as it is in every language.
        case text(String)
        /// A phrase of its own, translated with the rest.
        case phrase(FormProblem)
    }

    /// The catalog key (`formFile.…`).
    public let key: String
    /// The phrase's `{placeholders}`, by name.
    public let arguments: [String: Argument]

    /// The phrase `key` with `texts` kept as written and `phrases` translated, by placeholder name.
    public init(_ key: String, _ texts: [String: String] = [:], phrases: [String: FormProblem] = [:]) {
        var arguments = texts.mapValues(Argument.text)
        for (name, phrase) in phrases { arguments[name] = .phrase(phrase) }
        self.key = key
        self.arguments = arguments
    }

    /// What a value was expected to be (`formFile.what.<name>`): "a list of fields".
    static func what(_ name: String, _ texts: [String: String] = [:]) -> FormProblem {
        FormProblem("formFile.what." + name, texts)
    }

    /// The problem in `localizer`'s language.
    public func text(_ localizer: Localizer) -> String {
        let filled = arguments.mapValues { argument -> String in
            switch argument {
            case .text(let text): return text
            case .phrase(let phrase): return phrase.text(localizer)
            }
        }
        return localizer.text(key, filled)
    }

    /// The problem in English, as tests and the technical log read it.
    public var description: String { text(Localizer(language: .en)) }
}
