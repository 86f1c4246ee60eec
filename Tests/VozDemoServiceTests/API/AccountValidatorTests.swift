import Foundation
import Testing
import VozJSON

import enum VozKit.Language

@testable import VozDemoService

/// The account rules and the small readers around them, as pure functions.
@Suite struct AccountValidatorTests {
    private static func body(_ json: String) throws -> JSONNode {
        try JSONParser().parse(json.utf8)
    }

    @Test(arguments: [
        ("ana@example.com", true), ("ana.maria+tag@mail.example.es", true), ("o'brien@example.ie", true),
        ("ana@example", false), ("ana@@example.com", false), ("@example.com", false), ("ana@", false),
        ("ana maria@example.com", false), ("ana@exa_mple.com", false), (".ana@example.com", false),
        ("ana..b@example.com", false), ("ana@-example.com", false), ("ana@example..com", false),
    ])
    func checksEmailAddresses(address: String, valid: Bool) {
        #expect(AccountValidator.isValidEmail(address) == valid)
    }

    @Test(arguments: [
        ("true", true), ("false", false), ("1", true), ("0", false), ("\"on\"", true), ("\"yes\"", true),
        ("\"sí\"", true), ("\"off\"", false), ("null", false), ("[]", false),
    ])
    func readsTheTermsCheckbox(json: String, accepted: Bool) throws {
        let value = try Self.body("{\"terms\": \(json)}")["terms"]
        #expect(AccountValidator.isAccepted(value) == accepted)
    }

    @Test func aValidBodyBecomesASubmission() throws {
        let outcome = AccountValidator.validate(
            try Self.body(
                #"{"name": " Ana ", "email": " ana@example.com ", "password": "12345678", "coupon": "", "terms": true}"#
            ))
        #expect(
            outcome
                == .valid(
                    AccountSubmission(
                        name: "Ana", email: "ana@example.com", password: "12345678", coupon: nil, plan: nil)))
    }

    @Test func failuresComeInAlphabeticalOrderNotFormOrder() throws {
        let outcome = AccountValidator.validate(
            try Self.body(#"{"email": 5, "password": ["x"], "coupon": "caducado"}"#))
        guard case .invalid(let failures) = outcome else {
            Issue.record("expected failures")
            return
        }
        #expect(failures.map(\.field) == ["coupon", "email", "name", "password", "terms"])
        #expect(
            failures.map(\.text) == [.couponExpired, .emailInvalid, .nameRequired, .passwordRequired, .termsRequired])
    }

    @Test(arguments: [("x@blocked.example", true), ("X@BLOCKED.EXAMPLE ", true), ("x@notblocked.example.com", false)])
    func recognisesBlockedAddresses(email: String, blocked: Bool) throws {
        #expect(AccountValidator.isBlocked(try Self.body("{\"email\": \"\(email)\"}")) == blocked)
    }

    @Test(
        arguments: [
            (nil, Language.en), ("es", .es), ("es-MX", .es), ("en-GB,es;q=0.8", .en),
            ("nl, es;q=0.5, en;q=0.4", .es), ("en;q=0.2, es;q=0.9", .es), ("de, fr", .de), ("fr-CA", .fr),
            ("pt-BR,pt;q=0.9", .ptBR), ("it-IT;q=0.8, en;q=0.3", .it), ("es;q=0", .en), ("*", .en), ("nl", .en),
        ] as [(String?, Language)])
    func choosesTheLanguageFromAcceptLanguage(header: String?, language: Language) {
        #expect(DemoLanguage.preferred(by: header) == language)
    }

    @Test(arguments: Language.allCases)
    func everySentenceExistsInEveryLanguage(language: Language) {
        for text in DemoText.allCases {
            #expect(!text.text(language).isEmpty)
            #expect(text.text(language) != "demo.\(text)", "\(text) is missing from po/\(language.rawValue).po")
        }
    }

    @Test(arguments: [
        (["\"abc\""], "abc"), (["abc"], "abc"),
        (["8e03978e-40d5-43e8-bc93-6894a57f9324"], "8e03978e-40d5-43e8-bc93-6894a57f9324"),
    ])
    func readsIdempotencyKeys(values: [String], key: String) {
        #expect(IdempotencyKey.parse(values) == .success(key))
    }

    @Test(arguments: [["\"\""], [""], ["a", "b"], [String(repeating: "k", count: 256)], ["a\\b"], ["ké"]])
    func refusesUnusableIdempotencyKeys(values: [String]) {
        #expect(IdempotencyKey.parse(values) == .failure(IdempotencyKey.Invalid()))
    }

    @Test func noKeyIsFine() {
        #expect(IdempotencyKey.parse([]) == .success(nil))
    }
}
