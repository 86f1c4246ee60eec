import Testing

@testable import VozKit
@testable import VozLocalization

/// The one reader of language tags, in both shapes: POSIX locales from the environment and BCP 47 tags from forms
/// and `Accept-Language`.
@Suite struct LanguageTagTests {
    // MARK: - One tag

    @Test(
        arguments: [
            // POSIX locales, as LC_ALL, LC_MESSAGES and LANG hold them.
            ("es_ES.UTF-8", Language.es), ("es_MX.UTF-8", .es), ("pt_BR", .ptBR), ("pt_BR.UTF-8", .ptBR),
            ("pt_PT.UTF-8", .ptBR), ("de_DE@euro", .de), ("it_IT.UTF-8", .it), ("fr_CA.ISO-8859-1", .fr),
            ("C", nil), ("C.UTF-8", nil), ("POSIX", nil), ("nl_NL.UTF-8", nil),
            // BCP 47 tags, as forms, --language and Accept-Language hold them.
            ("es", .es), ("en-GB", .en), ("fr-CA", .fr), ("pt-BR", .ptBR), ("pt", .ptBR), ("DE", .de),
            ("zh-Hant-TW", nil), ("", nil),
        ] as [(String, Language?)])
    func namesTheLanguageOfOneTag(tag: String, language: Language?) {
        #expect(LanguageTag.language(tag) == language)
        #expect(Language(localeTag: tag) == language)
    }

    @Test(arguments: Language.allCases)
    func readsBackEveryLanguageInBothShapes(language: Language) {
        #expect(LanguageTag.language(language.rawValue) == language)
        #expect(LanguageTag.language(language.catalogName + ".UTF-8") == language)
    }

    @Test(
        arguments: [
            ("es_MX.UTF-8", "es-MX"), ("pt_BR", "pt-BR"), ("de_DE@euro", "de-DE"), ("es.UTF-8", "es"),
            ("en-GB", "en-GB"), ("es", "es"),
        ])
    func spellsATagAsBCP47(tag: String, expected: String) {
        #expect(LanguageTag.bcp47(tag) == expected)
    }

    // MARK: - Accept-Language

    @Test(
        arguments: [
            ("es", Language.es), ("es-MX", .es), ("en-GB,es;q=0.8", .en), ("nl, es;q=0.5, en;q=0.4", .es),
            ("en;q=0.2, es;q=0.9", .es), ("de, fr", .de), ("fr-CA", .fr), ("pt-BR,pt;q=0.9", .ptBR),
            ("it-IT;q=0.8, en;q=0.3", .it), ("es;Q=0.4, fr;q=0.5", .fr), ("fr ; q=0.5 , de;q=0.4", .fr),
            ("de;q=abc, it;q=0.1", .it), ("es_ES.UTF-8", .es), ("es;q=0", nil), ("*", nil), ("nl", nil), ("", nil),
            ("*;q=0.9, de;q=0.1", .de), ("es,,fr", .es),
        ] as [(String, Language?)])
    func choosesTheMostPreferredLanguage(acceptLanguage: String, language: Language?) {
        #expect(LanguageTag.preferred(acceptLanguage: acceptLanguage) == language)
    }

    // MARK: - The environment

    @Test(
        arguments: [
            ([:], nil), (["LANG": "es_ES.UTF-8"], "es_ES.UTF-8"), (["LC_ALL": "C", "LANG": "es_ES.UTF-8"], "C"),
            (["LC_MESSAGES": "de_DE.UTF-8", "LANG": "C"], "de_DE.UTF-8"), (["LC_ALL": "", "LANG": "pt_BR"], "pt_BR"),
            (["LC_ALL": "", "LC_MESSAGES": "", "LANG": ""], nil),
        ] as [([String: String], String?)])
    func takesTheFirstLocaleSet(environment: [String: String], locale: String?) {
        #expect(LanguageTag.locale(in: environment) == locale)
    }
}
