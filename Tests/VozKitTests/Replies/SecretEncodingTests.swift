import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozReplies

/// Issue 37, items 5 and 6: a secret comes back from a server in many copies, rarely as typed. The one redactor
/// finds each in every usual encoding, and the values of headers taken from the environment (API keys) are secrets
/// like a password is.
@Suite struct SecretEncodingTests {
    /// Every character an encoder treats apart: a letter past ASCII, a space, `@`, `&`, quotes, `<>` and `/`.
    static let password = #"Ñu p@ss&"w0rd"<2024>/"#
    /// A Stripe live secret key, as `STRIPE_KEY` would hold it.
    static let apiKey = "sk_live_51HqLyjWDarjtT1zdp7dc4f9QxTm2"

    static let form: Form = {
        var form = ServerFixtures.form
        var header = HTTPHeader(name: "Authorization", value: "", environmentVariable: "STRIPE_KEY")
        header.value = "Bearer \(apiKey)"
        form.submit.headers = [header]
        return form
    }()

    static var submitted: FormValues {
        var values = ServerFixtures.submitted
        values["password"] = .text(password)
        return values
    }

    static let redactor = LogRedactor(form: form, submitted: submitted)

    /// Each copy of the password (and of the key) a server may quote, and where it says it.
    static let copies: [(encoding: String, copy: String)] = [
        ("as typed", password),
        ("JSON-escaped", #"Ñu p@ss&\"w0rd\"<2024>/"#),
        ("JSON-escaped, Go and Rails", #"Ñu p@ss\u0026\"w0rd\"\u003c2024\u003e/"#),
        ("JSON-escaped, Python's ASCII", #"\u00d1u p@ss&\"w0rd\"<2024>/"#),
        ("JSON-escaped, PHP", #"\u00d1u p@ss&\"w0rd\"<2024>\/"#),
        ("percent-encoded", "%C3%91u%20p%40ss%26%22w0rd%22%3C2024%3E%2F"),
        ("percent-encoded, lower-case hex", "%c3%91u%20p%40ss%26%22w0rd%22%3c2024%3e%2f"),
        ("form-encoded", "%C3%91u+p%40ss%26%22w0rd%22%3C2024%3E%2F"),
        ("form-encoded, Python's quote", "%C3%91u+p%40ss%26%22w0rd%22%3C2024%3E/"),
        ("HTML-escaped, Python", "Ñu p@ss&amp;&quot;w0rd&quot;&lt;2024&gt;/"),
        ("HTML-escaped, Jinja and Go", "Ñu p@ss&amp;&#34;w0rd&#34;&lt;2024&gt;/"),
        ("upper-cased", #"ÑU P@SS&"W0RD"<2024>/"#),
        ("lower-cased", #"ñu p@ss&"w0rd"<2024>/"#),
        ("humanised as a field name", "ñu p ss w0rd 2024"),
        ("the API key", apiKey),
        ("the API key upper-cased", apiKey.uppercased()),
        ("the API key with its scheme", "Bearer \(apiKey)"),
    ]

    @Test(arguments: copies)
    func everyCopyIsFoundAndMasked(encoding: String, copy: String) {
        let text = "The server said: \(copy) is not valid."
        #expect(Self.redactor.reveals(text), "\(encoding)")
        let logged = Self.redactor.text(text)
        #expect(!logged.lowercased().contains(copy.lowercased()), "\(encoding): \(logged)")
        #expect(logged.contains(LogRedactor.mask), "\(encoding)")
        // What a session says is checked for whole copies in every encoding too.
        let said = Self.redactor.masked(text, with: "hidden text", reach: .wholeCopies)
        #expect(said == "The server said: hidden text is not valid.", "\(encoding)")
    }

    /// The example of the issue: `p@ss w0rd#2024` as an HTML form posts it, quoted back by a server.
    @Test func theIssuesFormEncodedPasswordIsMasked() {
        var values = ServerFixtures.submitted
        values["password"] = .text("p@ss w0rd#2024")
        let redactor = LogRedactor(form: ServerFixtures.form, submitted: values)
        let body = #"{"detail":"Could not read email=ana%40example.com&password=p%40ss+w0rd%232024"}"#
        let logged = redactor.body(Data(body.utf8))
        #expect(!logged.contains("p%40ss"), "\(logged)")
        #expect(logged.contains("email=ana%40example.com&password=\(LogRedactor.mask)"), "\(logged)")
    }

    /// A password holding `&`, quoted as typed in a body that looks form-encoded, spans two pairs: each pair was
    /// masked alone and neither held the whole password, so the log kept it (the echoes fuzzer, issue 37).
    @Test(arguments: ["mu&wQ~nHb}m4TAGLhY|7", "7'Gi/zéHFE?!Q^y&=7L😀hrFe"])
    func aPasswordSpanningFormPairsIsMasked(password: String) {
        var values = ServerFixtures.submitted
        values["password"] = .text(password)
        let redactor = LogRedactor(form: ServerFixtures.form, submitted: values)
        for quoted in [password, password.replacingOccurrences(of: "'", with: "&#39;")] {
            let logged = redactor.body(Data("error=invalid&value=\(quoted)".utf8))
            #expect(!logged.contains(String(password.suffix(10))), "\(logged)")
            #expect(logged.hasPrefix("error=invalid&value=\(LogRedactor.mask)"), "\(logged)")
        }
    }

    /// A copy that begins as typed and ends escaped is masked to its end: the typed copy alone stopped at the first
    /// escape, and the log kept the password's last characters, escaped.
    @Test func overlappingCopiesAreMaskedToTheLongest() {
        var values = ServerFixtures.submitted
        values["password"] = .text("p@ss w0rd#2024<&>")
        let redactor = LogRedactor(form: ServerFixtures.form, submitted: values)
        let page = "<pre>BadRequestError: Invalid password &quot;p@ss w0rd#2024&lt;&amp;&gt;&quot;</pre>"
        #expect(redactor.text(page) == "<pre>BadRequestError: Invalid password &quot;\(LogRedactor.mask)&quot;</pre>")
    }

    /// Issue 37, item 6: a member name is never redacted, so a password the server made a name of was logged.
    @Test func aSecretAsAMemberNameIsMaskedInTheLog() {
        var values = ServerFixtures.submitted
        values["password"] = .text("s3cret_passw0rd")
        let redactor = LogRedactor(form: ServerFixtures.form, submitted: values)
        let logged = redactor.body(Data(#"{"s3cret_passw0rd":["is not allowed"]}"#.utf8))
        #expect(logged == #"{"\#(LogRedactor.mask)":["is not allowed"]}"#)
    }

    /// Issue 37, item 5: an environment header's value is masked in headers of any name, not only its own.
    @Test func anAPIKeyIsMaskedWhereverAServerPutsIt() {
        let headers = Self.redactor.headers([
            HTTPHeader(name: "Location", value: "/login?key=\(Self.apiKey)"),
            HTTPHeader(name: "Authorization", value: "Bearer \(Self.apiKey)"),
        ])
        #expect(headers["Location"] == "/login?key=\(LogRedactor.mask)")
        #expect(headers["Authorization"] == LogRedactor.mask)
    }

    /// What a session says is full of short numbers and of labels: a card's expiry month is not the twelfth field,
    /// and a label that begins like the password is the label.
    @Test(arguments: [
        ("12", "Field 12 of 15."), ("Password2024", "Password, field 3 of 6."), ("Contraseña-2024", "Contraseña."),
    ])
    func wholeCopiesLeaveVozsOwnWordsAlone(secret: String, sentence: String) {
        let redactor = LogRedactor(form: ServerFixtures.form, formerSecrets: [secret])
        #expect(redactor.masked(sentence, with: "hidden text", reach: .wholeCopies) == sentence)
    }

    @Test(arguments: [
        ("p@ss", ["p@ss", "p%40ss", "p ss"]), ("a-b", []), ("Tr0ub4dor&3", ["Tr0ub4dor&amp;3", "Tr0ub4dor 3"]),
        ("dos palabras", ["dos palabras", "dos+palabras", "dos%20palabras"]),
    ])
    func theEncodingsOfASecret(secret: String, expected: [String]) {
        let encodings = LogRedactor.encodings(of: secret)
        for form in expected { #expect(encodings.contains(form), "\(form) in \(encodings)") }
        #expect(encodings.allSatisfy { $0.count >= LogRedactor.wholeWordBelow })
        #expect(Set(encodings.map { $0.lowercased() }).count == encodings.count, "once each")
    }
}
