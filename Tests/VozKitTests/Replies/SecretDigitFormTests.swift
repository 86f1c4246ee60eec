import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozReplies
@testable import VozSupport

/// Issue 37, the newcomer's N4: a card number typed in fullwidth digits was written to the technical log in full.
/// A card is found by its shape whatever digits spell it (fullwidth, Arabic-Indic, Devanagari, any Unicode decimal
/// digit) and however its groups are parted (spaced, dashed with any dash, with zero-width characters), and a
/// message that only names the secret's word is still said.
@Suite struct SecretDigitFormTests {
    /// `5555 5555 5555 4444` in the digits of `first`'s script: `first` is that script's zero.
    static func card(_ first: UInt32, separator: String = " ") -> String {
        ["5555", "5555", "5555", "4444"].map { group in
            String(
                String.UnicodeScalarView(
                    group.unicodeScalars.compactMap { Unicode.Scalar(first + $0.value - 48) }))
        }.joined(separator: separator)
    }

    static let spellings: [(name: String, text: String)] = [
        ("fullwidth", card(0xFF10)), ("fullwidth, no spaces", card(0xFF10, separator: "")),
        ("Arabic-Indic", card(0x0660)), ("Extended Arabic-Indic", card(0x06F0)), ("Devanagari", card(0x0966)),
        ("Bengali", card(0x09E6)), ("Thai", card(0x0E50)), ("mathematical bold", card(0x1D7CE)),
        ("fullwidth with fullwidth hyphens", card(0xFF10, separator: "\u{FF0D}")),
        ("ideographic spaces", card(0x30, separator: "\u{3000}")), ("en dashes", card(0x30, separator: "\u{2013}")),
        ("spaced dashes", card(0x30, separator: " - ")), ("two spaces", card(0x30, separator: "  ")),
        ("zero-width spaces", card(0x30, separator: "\u{200B}")), ("figure spaces", card(0x30, separator: "\u{2007}")),
        ("every digit spaced", "5 5 5 5 5 5 5 5 5 5 5 5 4 4 4 4"),
        ("every digit dashed", "5-5-5-5-5-5-5-5-5-5-5-5-4-4-4-4"),
        ("mixed scripts", "５５５５ 5555 ٥٥٥٥ ४४४४"),
    ]

    @Test(arguments: spellings)
    func aCardIsFoundWhateverItsDigits(name: String, text: String) throws {
        let match = try #require(SensitiveShape.matches(in: "Card \(text) declined.").first, "\(name)")
        #expect(match.shape == .card, "\(name)")
        #expect(match.lastFour == "4444" && match.compact == "5555555555554444", "\(name): \(match)")
        #expect(SensitiveShape.isWhole(text), "\(name)")
    }

    @Test(arguments: spellings)
    func aCardInAnyDigitsIsNeverLoggedNorSaid(name: String, text: String) {
        let redactor = SecretShapeTests.redactor("not the card")
        let line = "Payment for card ending 4444 failed: \(text) / done"
        #expect(redactor.text(line) == "Payment for card ending 4444 failed: [redacted] / done", "\(name)")
        #expect(redactor.reveals(line), "\(name)")
        let said = redactor.masked(line, with: "hidden text", reach: .wholeCopies) { "card ending \($0.lastFour)" }
        #expect(said == "Payment for card ending 4444 failed: card ending 4444 / done", "\(name): \(said)")
    }

    /// An IBAN in fullwidth letters and digits is the IBAN.
    @Test func anIBANInFullwidthFormsIsFound() throws {
        let fullwidth = String(
            String.UnicodeScalarView(
                "ES76 2077 0024 0031 0257 5766".unicodeScalars.map {
                    $0 == " " ? $0 : Unicode.Scalar($0.value + 0xFEE0) ?? $0
                }))
        let match = try #require(SensitiveShape.matches(in: "Cuenta \(fullwidth).").first)
        #expect(match.shape == .iban && match.compact == "ES7620770024003102575766")
    }

    /// Numbers that are no card stay: a digit count, a date, a phone number, a list of small numbers, groups
    /// further apart than a gap (`SensitiveShape.longestGap`).
    @Test(arguments: [
        "Hay ５０００ errores.", "2026 - 12 - 07", "Errors 1 - 2 - 3 - 4 - 5 - 6 - 7 - 8 - 9 - 10 - 11 - 12",
        "Teléfono +34 600 123 456", "٥٥٥٥ ٥٥٥٥ ٥٥٥٥ ٤٤٤٥", "Codes 5555    5555    5555    4444 (four spaces apart)",
    ])
    func numbersThatAreNoCardStay(text: String) {
        #expect(SensitiveShape.matches(in: text) == [], "\(text)")
    }

    /// A number typed in fullwidth digits in a secret field is the secret typed: its copies in other digits are
    /// masked too. Not a valid card (the Luhn check fails), so only the secret, not the shape, finds them.
    @Test func aNumberTypedInFullwidthDigitsIsFoundInAnyDigits() {
        let typed = "５５５５ ５５５５ ５５５５ ４４４５"
        let redactor = SecretShapeTests.redactor(typed)
        for echoed in ["5555555555554445", "5555-5555-5555-4445", typed, "٥٥٥٥٥٥٥٥٥٥٥٥٤٤٤٥"] {
            #expect(!redactor.text("number \(echoed) refused").contains("5555"), "\(echoed)")
        }
    }

    @Test(
        arguments: [
            ("\u{FF15}", "5"), ("\u{0665}", "5"), ("\u{096B}", "5"), ("\u{2464}", "5"), ("\u{00B2}", "2"),
            ("\u{FF21}", "A"), ("\u{2013}", "-"), ("\u{00A0}", " "), ("\u{FB01}", "fi"), ("é", nil), ("ñ", nil),
            ("😀", nil),
        ] as [(String, String?)])
    func theCompatibilityFold(scalar: String, ascii: String?) throws {
        let first = try #require(scalar.unicodeScalars.first)
        #expect(CompatibilityFold.ascii(first) == ascii, "\(scalar)")
    }
}

// MARK: - Not over-redacted

extension SecretDigitFormTests {
    /// A password that begins with a word servers use about it ("password", "contraseña"): the message that uses the
    /// word is said and logged whole, while any longer piece of the password is still masked.
    @Test(arguments: [
        ("password123!", "This password is too common.", true),
        ("Password-2024", "Password must contain a symbol.", true),
        ("contraseña2026", "La contraseña es demasiado común.", true),
        ("password123!", "Your password123 is too common.", false),
        ("password123!", "Invalid {\"password\":\"password123", false),
        ("password123!", "Reversed: !321drowssap", false),
    ])
    func onlyTheSecretsOwnSpansAreRedacted(secret: String, message: String, said: Bool) {
        let redactor = SecretShapeTests.redactor(secret)
        #expect(redactor.reveals(message) == !said, "\(message)")
        if said { #expect(redactor.text(message) == message) }
    }

    /// Through the reply reader, as the person hears it: the server's reason is said, not dropped.
    @Test func theReasonForACommonPasswordIsSaid() throws {
        var submitted = ServerFixtures.submitted
        submitted["password"] = .text("password123!")
        let log = MemoryTechnicalLog()
        let interpreter = ReplyInterpreter(
            form: ServerFixtures.form, localizer: ServerFixtures.english, submitted: submitted, log: log)
        let body = #"{"errors":{"password":["This password is too common."]}}"#
        let reply = HTTPReply(
            status: 422, headers: [HTTPHeader(name: "Content-Type", value: "application/json")], body: Data(body.utf8))
        guard case .failure(let failure) = interpreter.interpret(reply) else {
            Issue.record("not a failure")
            return
        }
        #expect(failure.fieldErrors.map(\.message) == ["This password is too common."])
        let logged = log.entries.map { $0.jsonLine() }.joined(separator: "\n")
        #expect(logged.contains("This password is too common."), "\(logged)")
        #expect(!logged.contains("repeated a secret value"), "\(logged)")
    }
}
