import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession

/// The PO catalogs in `po/`: complete, consistent with the source language, and embedded as they are.
@Suite struct CatalogTests {
    static let poFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("po")

    static func file(_ name: String) throws -> POFile {
        let text = try String(contentsOf: poFolder.appendingPathComponent(name), encoding: .utf8)
        return try POFile(text: text, name: "po/\(name)")
    }

    /// Every entry by key: its source text(s) and translation(s).
    static func entries(_ file: POFile) -> [String: POFile.Entry] {
        Dictionary(file.entries.map { ($0.context ?? $0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func placeholders(_ texts: [String]) -> Set<String> {
        var names = Set<String>()
        for text in texts {
            var rest = text[...]
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                names.insert(String(rest[rest.index(after: open)..<close]))
                rest = rest[rest.index(after: close)...]
            }
        }
        return names
    }

    // MARK: - The files

    @Test func everyLanguageHasAPOFileAndNoOtherIsThere() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.poFolder.path)
        #expect(Set(names.filter { $0.hasSuffix(".po") }) == Set(Language.allCases.map { "\($0.catalogName).po" }))
    }

    /// The EmbedCatalogs plugin quotes each PO file so the text survives as it is: backslashes, quotes and `#` runs.
    @Test(arguments: Language.allCases)
    func theEmbeddedCatalogIsThePOFile(language: Language) throws {
        let text = try String(
            contentsOf: Self.poFolder.appendingPathComponent("\(language.catalogName).po"), encoding: .utf8)
        let embedded = EmbeddedCatalogs.files[language.catalogName]
        #expect(embedded == text, "po/\(language.catalogName).po is not embedded as written")
    }

    /// A catalog lacks no key of the source language, has none it lacks, keeps its placeholders and its plurals,
    /// and leaves nothing untranslated.
    @Test(arguments: Language.allCases)
    func everyCatalogMatchesTheSourceLanguage(language: Language) throws {
        let source = Self.entries(try Self.file("\(Catalog.sourceLanguage.catalogName).po"))
        let file = try Self.file("\(language.catalogName).po")
        let translated = Self.entries(file)
        #expect(file.entries.count == translated.count, "a key appears twice")
        let missing = Set(source.keys).subtracting(translated.keys).sorted()
        let extra = Set(translated.keys).subtracting(source.keys).sorted()
        #expect(missing.isEmpty, "po/\(language.catalogName).po lacks \(missing)")
        #expect(extra.isEmpty, "po/\(language.catalogName).po has keys the source lacks: \(extra)")
        for (key, entry) in translated {
            guard let original = source[key] else { continue }
            #expect(entry.id == original.id, "\(key): the msgid differs from the source language's")
            #expect(entry.idPlural == original.idPlural, "\(key): the msgid_plural differs")
            #expect(entry.strings.allSatisfy { !$0.isEmpty }, "\(key) is not translated")
            let wanted = Self.placeholders([original.id] + (original.idPlural.map { [$0] } ?? []))
            #expect(Self.placeholders(entry.strings) == wanted, "\(key): the placeholders differ")
            for form in entry.strings {
                #expect(Self.placeholders([form]).isSubset(of: wanted), "\(key): a form has an unknown placeholder")
            }
        }
    }

    @Test(arguments: Language.allCases)
    func theHeaderNamesTheLanguageAndItsPluralRule(language: Language) throws {
        let file = try Self.file("\(language.catalogName).po")
        #expect(file.header["Language"] == language.catalogName)
        #expect(file.header["Content-Type"] == "text/plain; charset=UTF-8")
        let catalog = Catalog.catalog(for: language)
        #expect(catalog.messages.count == file.entries.count, "the embedded catalog did not load")
    }

    /// po/voz.pot is po/en.po with its translations emptied (`make pot`).
    @Test func theTemplateHasEverySourceMessageUntranslated() throws {
        let template = try Self.file("voz.pot")
        let source = try Self.file("\(Catalog.sourceLanguage.catalogName).po")
        #expect(template.entries.map(\.context) == source.entries.map(\.context), "run make pot")
        #expect(template.entries.map(\.id) == source.entries.map(\.id), "run make pot")
        #expect(template.entries.allSatisfy { $0.strings.allSatisfy(\.isEmpty) })
    }

    // MARK: - Words the session reads

    /// A command's name, in any language, belongs to that command only: lines are read in every language.
    @Test func noCommandNameBelongsToTwoCommands() {
        var owners: [String: String] = [:]
        for (command, key) in SessionCommand.keys {
            for language in Language.allCases {
                let names = SessionCommand.names(key, in: language)
                #expect(!names.isEmpty, "\(key) has no name in \(language.rawValue)")
                for name in names {
                    #expect(owners[name, default: key] == key, "\(name) is both \(owners[name] ?? "") and \(key)")
                    owners[name] = key
                    #expect(SessionInput(line: ":" + name) == .command(command), "\(name)")
                }
            }
        }
    }

    /// A phrase read alone from a language's embedded file is the one its whole catalog holds, for every key.
    @Test(arguments: Language.allCases)
    func anEntryReadAloneIsTheCatalogsEntry(language: Language) {
        let catalog = Catalog.catalog(for: language)
        #expect(catalog.messages.count > 500)
        for key in catalog.messages.keys {
            #expect(Catalog.single(key, in: language) == catalog.single(key), "\(key) in \(language.rawValue)")
        }
        #expect(Catalog.single("no.such.key", in: language) == nil)
    }

    /// The words a line is read with in every language (commands' names, yes and no) open every catalog, right
    /// after its header: a session reads them from each language's first page or two, and builds one catalog only.
    @Test(arguments: Language.allCases)
    func theWordsReadInEveryLanguageComeFirst(language: Language) throws {
        let file = try Self.file("\(language.catalogName).po")
        let keys = SessionCommand.keys.map(\.key) + ["answer.yes", "answer.no"]
        let first = file.entries.prefix(keys.count).compactMap(\.context)
        #expect(Set(first) == Set(keys), "po/\(language.catalogName).po")
        let text = EmbeddedCatalogs.files[language.catalogName] ?? ""
        let end = text.utf8.firstRange(of: Array("msgctxt \"answer.no\"".utf8))?.upperBound
        #expect(end.map { text.utf8.distance(from: text.utf8.startIndex, to: $0) < 8_192 } == true)
    }

    @Test(
        arguments: [
            ("sim", true), ("não", false), ("nao", false), ("oui", true), ("non", false), ("ja", true),
            ("nein", false), ("sì", true), ("si", true), ("yes", true), ("no", false), ("peut-être", nil),
        ] as [(String, Bool?)])
    func yesAndNoAreReadInEveryLanguage(answer: String, meaning: Bool?) {
        #expect(AnswerText.yesOrNo(answer) == meaning)
    }
}
