import Foundation
import Testing

@testable import VozForm
@testable import VozReplies

/// Issue 36, the newcomer's items 1, 2 and 14, at the one redactor: a card number or an IBAN is found by its shape
/// however it is written, and a secret is found however a server rewrote it.
@Suite struct SecretShapeTests {
    // MARK: - Shapes

    @Test(arguments: [
        "5555-5555-5555-4444", "5555555555554444", "5555 5555 5555 4444", "5555.5555.5555.4444",
        "55555555 55554444", "(digits 5555555555554444).", "x5555 5555-5555.4444y", "4111 1111 1111 1111 exp 12/28",
    ])
    func aCardNumberIsFoundHoweverItIsWritten(text: String) throws {
        let match = try #require(SensitiveShape.matches(in: text).first, "\(text)")
        #expect(match.shape == .card)
        #expect(match.lastFour == "4444" || match.lastFour == "1111")
    }

    @Test(arguments: [
        "5555 5555 5555 4445", "Pedido 2026-12-07 21:53", "Teléfono +34 600 123 456", "12345", "1234 5678 9012",
        "ES91 2100 0418 4502 0005 1333",
    ])
    func otherNumbersAreNoCardNorIBAN(text: String) {
        #expect(SensitiveShape.matches(in: text) == [], "\(text)")
    }

    @Test(arguments: [
        ("ES76 2077 0024 0031 0257 5766", "5766"), ("El IBAN ES7620770024003102575766 no existe.", "5766"),
        ("DE89 3704 0044 0532 0130 00", "3000"), ("GB82 WEST 1234 5698 7654 32", "5432"),
    ])
    func anIBANIsFoundByItsCheckDigits(text: String, lastFour: String) throws {
        let match = try #require(SensitiveShape.matches(in: text).first, "\(text)")
        #expect(match.shape == .iban)
        #expect(match.lastFour == lastFour)
    }

    @Test func theRedactorMasksEveryCardAndIBANItLogsAndSaysNone() {
        let redactor = LogRedactor(
            form: Form(id: "f", title: "F", fields: [], submit: SubmitSpec(label: "E", url: URL(fileURLWithPath: "/"))))
        let text = "Payment for card ending 4444 failed: 5555-5555-5555-4444; account ES76 2077 0024 0031 0257 5766."
        #expect(redactor.text(text) == "Payment for card ending 4444 failed: [redacted]; account [redacted].")
        #expect(redactor.reveals(text))
        #expect(!redactor.reveals("Payment for card ending 4444 failed."))
    }

    // MARK: - Secrets rewritten

    static let password = "  Año Pérez 2026!  "

    static func redactor(_ secret: String) -> LogRedactor {
        let field = Field(id: "password", label: "Contraseña", kind: .secret)
        let form = Form(
            id: "f", title: "F", fields: [field], submit: SubmitSpec(label: "E", url: URL(fileURLWithPath: "/")))
        return LogRedactor(form: form, submitted: FormValues(["password": .text(secret)]))
    }

    /// The copies the newcomer's server sent, as their `422pw` mode wrote them, and three it could have.
    @Test(arguments: [
        "nfd An\u{0303}o Pe\u{0301}rez 2026!", "stripped Año Pérez 2026!",
        "entities &#65;&#241;&#111;&#32;&#80;&#233;&#114;&#101;&#122;&#32;&#50;&#48;&#50;&#54;&#33;",
        "nospace AñoPérez2026!", #"u-upper "A\U00F1O P\U00E9REZ 2026!""#, "partial Año Pé and z 2026!",
        "hex &#x41;&#xF1;o P&eacute;rez 2026!", "percent A%C3%B1o%20P%C3%A9rez%202026%21",
        #"bytes A\xc3\xb1o P\xc3\xa9rez"#,
    ])
    func aPasswordRewrittenByAServerIsNeverSaid(text: String) {
        let redactor = Self.redactor(Self.password)
        #expect(redactor.reveals(text), "\(text)")
        // The log keeps no run of six of its characters either.
        #expect(!redactor.text(text).contains("2026"), "\(redactor.text(text))")
    }

    @Test func aMessageSharingLittleWithTheSecretIsSaid() {
        let redactor = Self.redactor(Self.password)
        #expect(!redactor.reveals("The password must be at least 8 characters long."))
        #expect(!redactor.reveals("Año nuevo."))
    }

    @Test func aCardTypedWithSpacesIsFoundWithHyphensThoughNoCardShape() {
        // Not a valid card number (the Luhn check fails): found as the number typed, not by its shape.
        let redactor = Self.redactor("5555 5555 5555 4445")
        #expect(redactor.reveals("failed: 5555-5555-5555-4445"))
        #expect(
            redactor.text("failed: 5555-5555-5555-4445 and 5555555555554445") == "failed: [redacted] and [redacted]")
    }
}
