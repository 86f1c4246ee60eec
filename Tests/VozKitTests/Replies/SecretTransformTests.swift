import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozReplies

/// Issue 37, the newcomer's N4: a server echoed the password reversed and base64-encoded, and both were said. Each
/// copy a server may write back — reversed, base64 (standard and URL-safe, padded or not, alone or inside a
/// `user:password` pair), hex, percent-encoded byte by byte, as HTML entities, with its case changed, in fullwidth
/// forms — is found, masked in the log and never said. The expected copies are made here with Foundation, not
/// with the redactor's own encoders.
@Suite struct SecretTransformTests {
    /// `>` and `?` give base64 its `+` and `/`, so the URL-safe copy differs from the standard one.
    static let password = "Ke>>y?~pass-2024"

    static let redactor = SecretShapeTests.redactor(password)

    static func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

    static func hex(_ value: UInt32) -> String { String(value, radix: 16) }

    static func urlSafe(_ base64: String) -> String {
        base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    }

    static func fullwidth(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    (0x21...0x7E).contains(scalar.value) ? Unicode.Scalar(scalar.value + 0xFEE0) ?? scalar : scalar
                }))
    }

    /// Each transform, and the text the server wrote it in.
    static let copies: [(transform: String, copy: String)] = [
        ("reversed", String(password.reversed())),
        ("reversed, upper-cased", String(password.reversed()).uppercased()),
        ("base64", base64(password)),
        ("base64 without padding", base64(password).replacingOccurrences(of: "=", with: "")),
        ("base64, URL-safe", urlSafe(base64(password))),
        ("base64, URL-safe without padding", urlSafe(base64(password)).replacingOccurrences(of: "=", with: "")),
        ("base64 of a Basic pair", base64("ana@example.com:\(password)")),
        ("base64 of a Basic pair, one byte longer", base64("anab@example.com:\(password)")),
        ("base64 of a Basic pair, two bytes longer", base64("anabc@example.com:\(password)")),
        ("base64 of a JSON body", base64(#"{"user":"ana","password":"\#(password)"}"#)),
        ("hex", Data(password.utf8).map { String(format: "%02x", $0) }.joined()),
        ("hex, upper-case", Data(password.utf8).map { String(format: "%02X", $0) }.joined()),
        ("every byte percent-encoded", Data(password.utf8).map { String(format: "%%%02X", $0) }.joined()),
        ("every character an HTML entity", password.unicodeScalars.map { "&#\($0.value);" }.joined()),
        ("every character a hex HTML entity", password.unicodeScalars.map { "&#x\(hex($0.value));" }.joined()),
        ("case swapped", password.map { $0.isUppercase ? $0.lowercased() : $0.uppercased() }.joined()),
        ("fullwidth", fullwidth(password)),
    ]

    @Test(arguments: copies)
    func aTransformedPasswordIsNeverSaidNorLogged(transform: String, copy: String) {
        let text = "Rejected credential: \(copy) (see the documentation)."
        #expect(Self.redactor.reveals(text), "\(transform): \(text)")
        let logged = Self.redactor.text(text)
        #expect(!logged.contains(copy), "\(transform): \(logged)")
        #expect(logged.hasPrefix("Rejected credential: "), "\(transform): the rest is kept: \(logged)")
        #expect(logged.hasSuffix(" (see the documentation)."), "\(transform): the rest is kept: \(logged)")
    }

    /// The copies a transform makes out of the password's own bytes are masked whole in what a session says too
    /// (`wholeCopies`, the announcer's last check), and no more than them.
    @Test(arguments: [
        ("reversed", String(password.reversed())), ("base64", base64(password)),
        ("base64, URL-safe", urlSafe(base64(password))),
        ("hex", Data(password.utf8).map { String(format: "%02x", $0) }.joined()),
        ("fullwidth", fullwidth(password)),
    ])
    func aWholeTransformedCopyIsMaskedInWhatIsSaid(transform: String, copy: String) {
        let said = Self.redactor.masked("Your key \(copy) expired.", with: "hidden text", reach: .wholeCopies)
        #expect(said == "Your key hidden text expired.", "\(transform): \(said)")
    }

    /// The newcomer's password, with the spaces they typed around it; a server base64-encodes it trimmed or not.
    @Test(arguments: ["  Año Pérez 2026!  ", "Año Pérez 2026!"])
    func theNewcomersPasswordInBase64OrReversedIsFound(echoed: String) {
        let redactor = SecretShapeTests.redactor(SecretShapeTests.password)
        for copy in [Self.base64(echoed), String(echoed.reversed()), Self.urlSafe(Self.base64(echoed))] {
            #expect(redactor.reveals("plan: b64 \(copy)"), "\(copy)")
            #expect(!redactor.text("plan: b64 \(copy)").contains(copy.trimmingCharacters(in: .whitespaces)))
        }
    }

    /// A password that holds an escape of its own (`%62`, `&amp;`, `\u0041`) read back from a text that encodes
    /// every byte: the text decodes to the password as typed, not to what its escapes stand for (the echoes fuzzer,
    /// seed 19: `%4B%4C%46%25%36%32…` of `KLF%628a36😀` was said).
    @Test(arguments: ["KLF%628a36😀Qx7!z", "p&amp;ss w0rd&lt;9", #"Kx\u0041bc\n12345"#])
    func aPasswordHoldingEscapesIsFoundEncodedByteByByte(password: String) {
        let redactor = SecretShapeTests.redactor(password)
        for secret in [password, String(password.prefix(11))] {
            let percent = Data(secret.utf8).map { String(format: "%%%02X", $0) }.joined()
            let entities = secret.unicodeScalars.map { "&#\($0.value);" }.joined()
            for copy in [percent, entities] {
                #expect(redactor.reveals("Invalid value: \(copy)"), "\(copy)")
                #expect(!redactor.text("Invalid value: \(copy)").contains(copy), "\(copy)")
            }
        }
    }

    @Test(arguments: [
        ("hunter2", ["2retnuh", "aHVudGVyMg==", "aHVudGVyMg", "68756e74657232"]),
        ("ab>?cd>?ef", ["fe?>dc?>ba", "YWI+P2NkPj9lZg==", "YWI-P2NkPj9lZg==", "61623e3f63643e3f6566"]),
    ])
    func theTransformedCopiesOfASecret(secret: String, expected: [String]) {
        let encodings = LogRedactor.encodings(of: secret)
        for copy in expected { #expect(encodings.contains(copy), "\(copy) in \(encodings)") }
        // A few base64 characters match any long text: none shorter than a cut copy is looked for.
        let encoded = LogRedactor.transformed(secret).filter { $0 != String(secret.reversed()) }
        #expect(encoded.allSatisfy { $0.count >= LogRedactor.cutSecretMinimum }, "\(encoded)")
    }
}
