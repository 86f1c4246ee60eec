import Foundation
import Testing

@testable import VozForm
@testable import VozLocalization

/// Issue 36, the second newcomer: an IBAN field took "1" and read it back as "hidden". A field marked `iban` takes
/// an IBAN only: two letters of a country, its length for that country, check digits that fit (ISO 13616, mod 97).
@Suite struct IBANCheckTests {
    static let localizer = Localizer(language: .es)
    static let field = Field(id: "iban", label: "IBAN", kind: .text, required: true, purpose: "iban")

    @Test(arguments: [
        "ES91 2100 0418 4502 0005 1332", "es9121000418450200051332", "ES76-2077-0024-0031-0257-5766",
        "DE89 3704 0044 0532 0130 00", "GB82 WEST 1234 5698 7654 32", "NO93 8601 1117 947",
        "FR14 2004 1010 0505 0001 3M02 606",
    ])
    func anIBANIsTaken(typed: String) throws {
        #expect(IBANCheck.problem(in: typed) == nil, "\(typed)")
        let value = try FieldValidator(localizer: Self.localizer).parse(typed, for: Self.field)
        #expect(value == .text(IBANCheck.compact(typed)))
    }

    @Test(arguments: [
        ("1", IBANCheck.Problem.shape), ("ES", .shape), ("1234 5678 9012 3456", .shape), ("ES91 ÑAND", .shape),
        ("ES91 2100 0418 4502 0005 13", .length(country: "ES", expected: 24, typed: 22)),
        ("ES91 2100 0418 4502 0005 1333", .checkDigits), ("ES19 2100 0418 4502 0005 1332", .checkDigits),
        ("DE88 3704 0044 0532 0130 00", .checkDigits),
    ])
    func whatIsWrongIsKnown(typed: String, problem: IBANCheck.Problem) {
        #expect(IBANCheck.problem(in: typed) == problem, "\(typed)")
    }

    /// Refused with a sentence that says what is wrong, and never the value typed.
    @Test(arguments: [
        ("1", "validation.iban.shape"), ("ES91 2100 0418 4502 0005 1333", "validation.iban.checkDigits"),
        ("ES91 2100 0418 4502 0005 13", "validation.iban.length"),
    ])
    func aWrongIBANIsRefusedSayingWhy(typed: String, key: String) {
        do {
            _ = try FieldValidator(localizer: Self.localizer).parse(typed, for: Self.field)
            Issue.record("\(typed) was taken")
        } catch {
            let phrase = Self.localizer.text(key, ["country": "ES", "count": "24", "typed": "22"])
            #expect(error.detail.hasPrefix(phrase), "\(error.detail)")
            #expect(!error.message.contains("0418"), "\(error.message)")
        }
    }

    /// A country the registry added after Voz's list is checked by the bounds every IBAN keeps and its check digits.
    @Test func aCountryNotListedIsCheckedByItsDigits() {
        // "ZZ" with check digits computed for this account number.
        let body = "123456789012"
        let remainder = SensitiveShape.mod97(Array("ZZ00" + body))
        let check = 98 - remainder
        let iban = "ZZ" + (check < 10 ? "0" : "") + String(check) + body
        #expect(IBANCheck.problem(in: iban) == nil, "\(iban)")
        #expect(IBANCheck.problem(in: "ZZ00" + body) == .checkDigits)
    }

    /// A plain field keeps taking anything: only a field marked `iban` is checked.
    @Test func aPlainFieldIsNotChecked() throws {
        let plain = Field(id: "cuenta", label: "Cuenta", kind: .text)
        #expect(try FieldValidator(localizer: Self.localizer).parse("1", for: plain) == .text("1"))
    }
}
