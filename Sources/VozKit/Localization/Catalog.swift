import Foundation

/// The message catalogs, one PO file a language (`po/*.po` in the source tree), embedded in the binary at build
/// time (`EmbeddedCatalogs.swift`, written by `make catalogs`) so Voz finds them wherever it is installed.
public enum Catalog {
    /// The source language: its PO file's `msgid`s are the template (`po/voz.pot`) every other one translates.
    public static let sourceLanguage = Language.en

    /// One language's catalog, read once from the embedded PO text when first asked for.
    public static func catalog(for language: Language) -> MessageCatalog {
        switch language {
        case .es: spanish
        case .en: english
        case .ptBR: portuguese
        case .fr: french
        case .de: german
        case .it: italian
        }
    }

    /// The phrase table of one language: each single phrase by key, and each plural phrase as `key.one` (the
    /// form 1 takes) and `key.other` (the form 2 takes).
    public static func table(for language: Language) -> [String: String] {
        let catalog = catalog(for: language)
        var table: [String: String] = [:]
        for (key, message) in catalog.messages {
            switch message {
            case .single(let text): table[key] = text
            case .plural:
                table[key + ".one"] = catalog.plural(key, count: 1)
                table[key + ".other"] = catalog.plural(key, count: 2)
            }
        }
        return table
    }

    // One constant a language, so that a process needing one language (the demo service answering a request)
    // parses only that one. The embedded files are checked by the tests, so a parse failure cannot ship; were it
    // to, the language would say its keys rather than crash.
    private static let spanish = load(.es)
    private static let english = load(.en)
    private static let portuguese = load(.ptBR)
    private static let french = load(.fr)
    private static let german = load(.de)
    private static let italian = load(.it)

    private static func load(_ language: Language) -> MessageCatalog {
        let name = "po/\(language.catalogName).po"
        guard let text = EmbeddedCatalogs.files[language.catalogName],
            let catalog = try? MessageCatalog(POFile(text: text, name: name), name: name)
        else { return MessageCatalog() }
        return catalog
    }
}
