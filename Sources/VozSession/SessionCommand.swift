import Foundation
import VozLocalization

/// A line the user typed in the session: either a command (`:enviar`, `:submit`, …) or an answer.
package enum SessionInput: Sendable, Equatable {
    case command(SessionCommand)
    /// An answer for the focused field. `::x` is typed for an answer that really begins with `:`.
    case answer(String)
    /// A line that starts with `:` but names no command.
    case unknownCommand(String)
}

/// The commands of design §5; each has a name in every language Voz speaks.
package enum SessionCommand: Sendable, Equatable {
    case submit
    case retry
    case cancel
    case next
    case previous
    /// `:ir 3`, `:go Correo electrónico`: a position (1-based) or a field label.
    case go(String)
    case review
    case repeatLast
    case whereAmI
    case help
    case quit
    /// `:quitar 2`, `:remove 2`: removes an item of the focused list or group, by its number.
    case remove(String)
    /// `:borrar`, `:clear`: empties the focused optional field (an empty line keeps its value).
    case clear
    /// `:descartar`, `:discard`: forgets the sends that got no answer, after the person was told what that means.
    case discard

    /// Every command with its catalog key; its names are the key's phrase in each language (`enviar`,
    /// `submit|send`), alternatives separated by `|`.
    static let keys: [(command: SessionCommand, key: String)] = [
        (.submit, "command.submit"), (.retry, "command.retry"), (.cancel, "command.cancel"), (.next, "command.next"),
        (.previous, "command.previous"), (.go(""), "command.go"), (.review, "command.review"),
        (.repeatLast, "command.repeat"), (.whereAmI, "command.where"), (.help, "command.help"), (.quit, "command.quit"),
        (.remove(""), "command.remove"), (.clear, "command.clear"), (.discard, "command.discard"),
    ]

    /// Every command's names in every language, the source language first: a line is read in any of them.
    static let names: [(command: SessionCommand, names: [String])] = keys.map { command, key in
        let languages = [Catalog.sourceLanguage] + Language.allCases.filter { $0 != Catalog.sourceLanguage }
        var names: [String] = []
        for language in languages {
            for name in Self.names(key, in: language) where !names.contains(name) { names.append(name) }
        }
        return (command, names)
    }

    /// The names `key` has in `language`, lowercased, read from that language's file alone.
    static func names(_ key: String, in language: Language) -> [String] {
        names(of: Catalog.single(key, in: language))
    }

    /// The names a phrase (`submit|send`) gives, lowercased.
    private static func names(of phrase: String?) -> [String] {
        (phrase ?? "").split(separator: "|")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
    }

    /// The name the user types in `language`, with its colon (":enviar").
    package func typed(in language: Language) -> String {
        let command: SessionCommand =
            switch self {
            case .go: .go("")
            case .remove: .remove("")
            default: self
            }
        guard let key = Self.keys.first(where: { $0.command == command })?.key,
            // Said on every prompt and help line: the session's own catalog is built already, so it is asked,
            // not its file read again.
            let name = Self.names(of: Catalog.catalog(for: language).single(key)).first
                ?? Self.names(key, in: Catalog.sourceLanguage).first
        else { return "" }
        return ":" + name
    }
}

extension SessionInput {
    /// Reads one typed line. Commands are recognised in every language whatever the session's language.
    package init(line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("::") {
            self = .answer(String(trimmed.dropFirst()))
            return
        }
        guard trimmed.hasPrefix(":") else {
            self = .answer(line)
            return
        }
        let body = trimmed.dropFirst()
        let word = body.prefix { !$0.isWhitespace }.lowercased()
        let argument = body.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
        guard
            let entry = SessionCommand.names.first(where: { $0.names.contains(word) })
        else {
            self = .unknownCommand(trimmed)
            return
        }
        if case .go = entry.command {
            self = .command(.go(argument))
        } else if case .remove = entry.command {
            self = .command(.remove(argument))
        } else {
            self = .command(entry.command)
        }
    }
}
