import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozReplies

@Suite struct TransportPolicyTests {
    private func form(secret: Bool) -> Form {
        Form(
            id: "f", title: "F",
            fields: [Field(id: "password", label: "Contraseña", kind: secret ? .secret : .text)],
            submit: SubmitSpec(label: "Enviar", url: literalURL("http://example.org/x")))
    }

    @Test(arguments: [
        ("http://example.org/accounts", true, false, true),
        ("http://example.org/accounts", true, true, false),
        ("https://example.org/accounts", true, false, false),
        ("http://127.0.0.1:8080/accounts", true, false, false),
        ("http://[::1]:8080/accounts", true, false, false),
        ("http://localhost/accounts", true, false, false),
        ("http://127.example.org/accounts", true, false, true),
        ("http://example.org/accounts", false, false, false),
    ])
    func refusesSecretsOverPlainHTTPToAnotherMachine(url: String, secret: Bool, allow: Bool, refused: Bool) throws {
        let target = try #require(URL(string: url))
        let violation = TransportPolicy.check(form(secret: secret), url: target, allowInsecure: allow)
        #expect((violation != nil) == refused)
        if let violation {
            #expect(violation.description.contains("Contraseña"))
            #expect(violation.description.contains("--allow-insecure"))
            for language in Language.allCases {
                let message = violation.message(Localizer(language: language))
                for part in ["Contraseña", target.host ?? "", "https", "--allow-insecure"] {
                    #expect(message.contains(part), "\(language): \(message)")
                }
            }
        }
    }
}
