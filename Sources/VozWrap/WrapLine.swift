import Foundation
import VozLocalization

/// A line the person typed while a program runs wrapped: an answer for the program, or a command for wrap. Commands
/// are read in every language Voz speaks, whatever the person's; `::` starts an answer that begins with a colon.
public enum WrapLine: Sendable, Equatable {
    /// A line for the program, typed with Enter.
    case answer(String)
    /// `:keys down down enter`: keys passed through as they are named.
    case keys([WrapKey])
    /// `:keys` naming something that is no key: nothing is sent.
    case unknownKey(String)
    /// `:repeat`: the last line said, again.
    case repeatLast
    /// `:screen`: the screen's rows, read top to bottom.
    case screen

    /// The catalog keys whose phrases name the commands (`keys|…`), with the command each names.
    static let commandKeys: [(key: String, make: @Sendable ([String]) -> WrapLine)] = [
        ("command.repeat", { _ in .repeatLast }), ("wrap.command.screen", { _ in .screen }),
        ("wrap.command.keys", { names in WrapLine.keys(named: names) }),
    ]

    /// Every command's names in every language, lowercased.
    static let commandNames: [(names: Set<String>, make: @Sendable ([String]) -> WrapLine)] = commandKeys.map {
        key, make in
        var names: Set<String> = []
        for language in Language.allCases {
            for name in (Catalog.single(key, in: language) ?? "").split(separator: "|") {
                names.insert(name.trimmingCharacters(in: .whitespaces).lowercased())
            }
        }
        return (names, make)
    }

    /// Reads one typed line.
    public init(_ line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("::") {
            self = .answer(String(trimmed.dropFirst()))
            return
        }
        let words = trimmed.dropFirst().split(separator: " ").map(String.init)
        guard trimmed.hasPrefix(":"), let word = words.first?.lowercased(),
            let command = Self.commandNames.first(where: { $0.names.contains(word) })
        else {
            self = .answer(line)
            return
        }
        self = command.make(Array(words.dropFirst()))
    }

    private static func keys(named names: [String]) -> WrapLine {
        var keys: [WrapKey] = []
        // "page down" typed as two words is one key.
        var index = 0
        while index < names.count {
            let joined = index + 1 < names.count ? names[index] + names[index + 1] : nil
            if let joined, ["page", "pg"].contains(names[index].lowercased()), let key = WrapKey(name: joined) {
                keys.append(key)
                index += 2
                continue
            }
            guard let key = WrapKey(name: names[index]) else { return .unknownKey(names[index]) }
            keys.append(key)
            index += 1
        }
        return keys.isEmpty ? .unknownKey("") : .keys(keys)
    }
}
