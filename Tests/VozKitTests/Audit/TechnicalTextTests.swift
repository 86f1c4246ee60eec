import Foundation
import Testing

@testable import VozAudit
@testable import VozKit
@testable import VozLocalization

/// `TechnicalText.find`, with its byte pre-checks and one compiled alternation a kind, finds exactly what every
/// pattern matched on its own finds.
@Suite struct TechnicalTextTests {
    /// Every pattern compiled on its own, as the rule used to compile them for each line.
    static let reference: [(TechnicalText.Kind, [NSRegularExpression])] = TechnicalText.Kind.allCases.map { kind in
        let expressions = TechnicalText.patterns(for: kind).compactMap {
            try? NSRegularExpression(pattern: $0, options: kind == .exception ? [] : [.caseInsensitive])
        }
        return (kind, expressions)
    }

    static func referenceFind(_ text: String) -> TechnicalText.Kind? {
        let range = NSRange(text.startIndex..., in: text)
        return reference.first { _, expressions in
            expressions.contains { $0.firstMatch(in: text, range: range) != nil }
        }?.0
    }

    @Test func everyPatternCompiles() {
        for (kind, expressions) in Self.reference {
            #expect(expressions.count == TechnicalText.patterns(for: kind).count, "\(kind)")
        }
    }

    @Test(arguments: [
        "HTTP 500", "http/1.1 404", "Error 503", "código 500", "CÓDIGO: 404", "error ٥٠٠", "error 5٠٠", "estado=201",
        "NullPointerException", "URLError", "NSURLErrorDomain Code=-1001", "ECONNREFUSED", "errno 2", "Domain=x",
        "Visita https://api.example.com/x", "WWW.EJEMPLO.COM/x", "www.ejemplo.es", "api.example.com no responde",
        "API.EXAMPLE.COM", "localhost", "LOCALHOST:8080", "loca\u{212A}host", "localho\u{17F}t", "localho\u{FB06}",
        "\u{212A}ey.com", "servidor.internal", "10.0.0.1", "1.2.3.٤", #"{"error":"x"}"#, #"[ {"a":1} ]"#,
        #""code": 5"#, "<html><body>Bad gateway</body></html>", "</DIV >", "< BR>", "at com.foo.Bar(Bar.java:12)",
        "Traceback (most recent call last)", "TRACEBACK (MOST RECENT CALL LAST)", #"File "x.py", line 3"#,
        "0xDEADBEEF", "0XdeadBEEF", "main.SWIFT:42", "Referencia 123e4567-e89b-12d3-a456-426614174000",
        "ID 507f1f77bcf86cd799439011", "ID 507F1F77BCF86CD799439011", "Hay 1 error.", "Cuenta creada.",
        "Campo 2 de 4. Correo electrónico. Ejemplo: ana@ejemplo.com.", "Escribe 5 cifras, por ejemplo 28001.",
        "No se pudo conectar con el servidor. Error de red.", "Valor actual: ana.perez@example.com.",
        "There are 2 errors.", "Straße.com", "ÉRROR 500", "Ünknown.de", "", "   ",
    ])
    func findsWhatEveryPatternFinds(_ text: String) {
        #expect(TechnicalText.find(in: text) == Self.referenceFind(text))
    }

    @Test func randomLinesAreJudgedAsByEveryPattern() {
        let pieces = [
            "http", "://", "www.", ".com", ".es", ".io", "Error", "error", "Code=", "code ", "{", "\"", ":", "<div>",
            "</p>", "(", ":12)", "0x", "abcdef12", "-", "\u{212A}", "\u{17F}", "ß", "\u{FB06}", "404", "5", "٠", " ",
            "é", "É", "localhost", "at ", "x.y", ".swift:", "1.2", ".", "Exception", "ECONNRESET", "[", "\n", "ejemplo",
        ]
        var random = SeededGenerator(seed: 11)
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 1...8, using: &random)).map { _ in
                pieces.randomElement(using: &random) ?? ""
            }.joined()
            #expect(TechnicalText.find(in: text) == Self.referenceFind(text), "\(text)")
        }
    }
}

/// Issue 25, section 4: Voz's own advice "the domain needs a dot, as in example.com" failed Voz's own audit as a
/// leaked host name. A domain that an example phrase introduces is advice, in every language; the same domain
/// said bare, as a server reports its host, is still technical text.
@Suite struct ExampleDomainTests {
    @Test(arguments: Language.allCases)
    func voicesOwnEmailAdviceIsNotTechnicalText(language: Language) throws {
        let advice = try #require(Catalog.catalog(for: language).single("validation.email.domainWithoutDot"))
        #expect(TechnicalText.find(in: "E-mail: " + advice) == nil, "\(advice)")
    }

    @Test(arguments: [
        "The domain needs a dot, as in example.com.", "Escribe un dominio, por ejemplo  ejemplo.es.",
        "Use a name such as mail.example.org.", "Ejemplo: tienda.ejemplo.com.",
    ])
    func aDomainAfterAnExamplePhraseIsAdvice(text: String) {
        #expect(TechnicalText.find(in: text) == nil)
    }

    @Test(arguments: [
        "api.example.com does not answer.", "No se pudo conectar con servidor.ejemplo.com.",
        "As in the log, api.internal failed.", "like api.example.com",
    ])
    func aDomainSaidBareIsStillTechnical(text: String) {
        #expect(TechnicalText.find(in: text) == .domain)
    }
}
