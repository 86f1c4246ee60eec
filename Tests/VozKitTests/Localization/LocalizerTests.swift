import Testing

@testable import VozKit
@testable import VozLocalization

@Suite struct LocalizerTests {
    @Test(
        arguments: [
            ("es", [String: String](), Language.es),
            ("en-GB", [:], .en),
            (nil, ["LANG": "es_ES.UTF-8"], .es),
            (nil, ["LC_ALL": "C", "LANG": "es_ES.UTF-8"], .en),
            (nil, [:], .en),
            ("nl", ["LANG": "es_MX.UTF-8"], .es),
            ("fr", ["LANG": "es_MX.UTF-8"], .fr),
            (nil, ["LANG": "pt_BR.UTF-8"], .ptBR),
            ("pt-BR", [:], .ptBR),
            (nil, ["LC_MESSAGES": "de_DE.UTF-8", "LANG": "C"], .de),
            (nil, ["LANG": "it_IT.UTF-8"], .it),
            (nil, ["LANG": "pt_PT.UTF-8"], .ptBR),
        ] as [(String?, [String: String], Language)])
    func resolvesTheSessionLanguage(formLocale: String?, environment: [String: String], expected: Language) {
        #expect(Language.resolve(formLocale: formLocale, environment: environment) == expected)
    }

    @Test func fillsPlaceholdersAndKeepsUnknownOnes() {
        #expect(Localizer.fill("Campo {n} de {total}.", ["n": "2", "total": "4"]) == "Campo 2 de 4.")
        #expect(Localizer.fill("Falta {x}", [:]) == "Falta {x}")
    }

    @Test func formOverridesWinOverTheCatalog() {
        let localizer = Localizer(language: .es, overrides: ["form.yes": "vale"])
        #expect(localizer.text("form.yes") == "vale")
    }
}
