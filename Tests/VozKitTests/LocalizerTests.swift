import Testing

@testable import VozKit

@Suite struct LocalizerTests {
    @Test(
        arguments: [
            ("es", [String: String](), Language.es),
            ("en-GB", [:], .en),
            (nil, ["LANG": "es_ES.UTF-8"], .es),
            (nil, ["LC_ALL": "C", "LANG": "es_ES.UTF-8"], .en),
            (nil, [:], .en),
            ("fr", ["LANG": "es_MX.UTF-8"], .es),
        ] as [(String?, [String: String], Language)])
    func resolvesTheSessionLanguage(formLocale: String?, environment: [String: String], expected: Language) {
        #expect(Language.resolve(formLocale: formLocale, environment: environment) == expected)
    }

    @Test func fillsPlaceholdersAndKeepsUnknownOnes() {
        #expect(Localizer.fill("Campo {n} de {total}.", ["n": "2", "total": "4"]) == "Campo 2 de 4.")
        #expect(Localizer.fill("Falta {x}", [:]) == "Falta {x}")
    }

    @Test func formOverridesWinOverTheCatalog() {
        let localizer = Localizer(language: .es, overrides: ["cli.placeholder": "propio"])
        #expect(localizer.text("cli.placeholder") == "propio")
    }

    @Test func everyKeyExistsInEveryLanguageWithTheSamePlaceholders() {
        let spanish = Catalog.table(for: .es)
        let english = Catalog.table(for: .en)
        #expect(Set(spanish.keys) == Set(english.keys))
        for (key, phrase) in spanish {
            guard let other = english[key] else { continue }
            #expect(placeholders(phrase) == placeholders(other), "\(key)")
        }
    }

    private func placeholders(_ text: String) -> Set<String> {
        var names = Set<String>()
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
