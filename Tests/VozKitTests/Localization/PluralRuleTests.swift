import Testing

@testable import VozKit
@testable import VozLocalization

/// The `Plural-Forms` expressions, evaluated the way gettext does.
@Suite struct PluralRuleTests {
    /// Each language's form at 0, 1, 2, 5, 21 and 100, from its own PO file's header: French and Brazilian
    /// Portuguese say 0 in the singular, the others in the plural.
    @Test(
        arguments: [
            (Language.es, [1, 0, 1, 1, 1, 1]), (.en, [1, 0, 1, 1, 1, 1]), (.ptBR, [0, 0, 1, 1, 1, 1]),
            (.fr, [0, 0, 1, 1, 1, 1]), (.de, [1, 0, 1, 1, 1, 1]), (.it, [1, 0, 1, 1, 1, 1]),
        ])
    func everyLanguageTakesItsFormForEachCount(language: Language, forms: [Int]) {
        let rule = Catalog.catalog(for: language).pluralRule
        #expect(rule.count == 2)
        #expect([0, 1, 2, 5, 21, 100].map(rule.form(for:)) == forms)
    }

    @Test(
        arguments: [
            (Language.fr, 0, "Il y a 0 erreur."), (.fr, 1, "Il y a 1 erreur."), (.fr, 2, "Il y a 2 erreurs."),
            (.ptBR, 0, "Há 0 erro."), (.ptBR, 21, "Há 21 erros."), (.en, 0, "There are 0 errors."),
            (.en, 1, "There is 1 error."), (.es, 0, "Hay 0 errores."), (.de, 1, "Es gibt 1 Fehler."),
            (.it, 1, "C'è 1 errore."), (.it, 5, "Ci sono 5 errori."), (.it, 100, "Ci sono 100 errori."),
        ])
    func phrasesFollowTheRule(language: Language, count: Int, phrase: String) {
        #expect(Localizer(language: language).plural("server.errorCount", count: count) == phrase)
    }

    /// Rules of languages with more forms, as gettext's manual gives them, prove the evaluator is general.
    @Test(
        arguments: [
            // Russian: one, few, many.
            (
                "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
                [0: 2, 1: 0, 2: 1, 5: 2, 11: 2, 21: 0, 22: 1, 100: 2, 111: 2, 104: 1]
            ),
            // Polish.
            (
                "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
                [0: 2, 1: 0, 2: 1, 5: 2, 12: 2, 21: 2, 22: 1, 100: 2]
            ),
            // Arabic: six forms.
            (
                "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);",
                [0: 0, 1: 1, 2: 2, 5: 3, 21: 4, 100: 5, 102: 5, 111: 4]
            ),
            // Japanese: one form; Irish-style without spaces or parentheses.
            ("nplurals=1; plural=0;", [0: 0, 1: 0, 100: 0]),
            ("nplurals=5; plural=n==1?0:n==2?1:n<7?2:n<11?3:4;", [1: 0, 2: 1, 5: 2, 10: 3, 21: 4]),
            // Precedence and unary not: 2+3*4 is 14, !0 is 1.
            ("nplurals=2; plural=!(n == 2 + 3 * 4);", [14: 0, 0: 1]),
        ])
    func evaluatesOtherLanguagesRules(header: String, expected: [Int: Int]) throws {
        let rule = try PluralRule(header: header)
        for (n, form) in expected {
            #expect(rule.form(for: n) == form, "n = \(n)")
        }
    }

    @Test(arguments: ["nplurals=2;", "plural=n!=1;", "nplurals=2; plural=(n != 1;", "nplurals=2; plural=n ? 1;"])
    func refusesBrokenHeaders(header: String) {
        #expect(throws: PluralRuleError.self) { try PluralRule(header: header) }
    }

    /// An expression that yields a form past nplurals, or divides by zero, falls back to the first form.
    @Test func outOfRangeAndDivisionByZeroAreSafe() throws {
        #expect(try PluralRule(header: "nplurals=2; plural=n;").form(for: 7) == 0)
        #expect(try PluralRule(header: "nplurals=2; plural=n/0;").form(for: 7) == 0)
    }
}
