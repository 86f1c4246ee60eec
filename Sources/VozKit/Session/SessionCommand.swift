import Foundation

/// A line the user typed in the session: either a command (`:enviar`, `:submit`, …) or an answer.
public enum SessionInput: Sendable, Equatable {
    case command(SessionCommand)
    /// An answer for the focused field. `::x` is typed for an answer that really begins with `:`.
    case answer(String)
    /// A line that starts with `:` but names no command.
    case unknownCommand(String)
}

/// The commands of design §5; each has a Spanish and an English name.
public enum SessionCommand: Sendable, Equatable {
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

    /// Every command's names, Spanish first; the first name of each language is what `:ayuda` lists.
    static let names: [(command: SessionCommand, spanish: [String], english: [String])] = [
        (.submit, ["enviar"], ["submit", "send"]),
        (.retry, ["reintentar"], ["retry"]),
        (.cancel, ["cancelar"], ["cancel"]),
        (.next, ["siguiente"], ["next"]),
        (.previous, ["anterior"], ["prev", "previous", "back"]),
        (.go(""), ["ir"], ["go"]),
        (.review, ["revisar"], ["review"]),
        (.repeatLast, ["repetir"], ["repeat"]),
        (.whereAmI, ["donde", "dónde"], ["where"]),
        (.help, ["ayuda"], ["help"]),
        (.quit, ["salir"], ["quit", "exit"]),
        (.remove(""), ["quitar"], ["remove"]),
    ]

    /// The name the user types in `language`, with its colon (":enviar").
    public func typed(in language: Language) -> String {
        let key: SessionCommand =
            switch self {
            case .go: .go("")
            case .remove: .remove("")
            default: self
            }
        guard let entry = Self.names.first(where: { $0.command == key }) else { return "" }
        let name = language == .es ? entry.spanish[0] : entry.english[0]
        return ":" + name
    }
}

extension SessionInput {
    /// Reads one typed line. Commands are recognised in either language whatever the session's language.
    public init(line: String) {
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
            let entry = SessionCommand.names.first(where: { $0.spanish.contains(word) || $0.english.contains(word) })
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
