import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSubmission

/// The request one send makes: body shape per field kind and encoding, and the headers in order.
@Suite struct SubmissionRequestBuilderTests {
    static func form(body: BodyEncoding = .json, locale: String? = "es", headers: [HTTPHeader] = []) -> Form {
        Form(
            id: "alta",
            title: "Alta",
            locale: locale,
            fields: [
                Field(id: "name", label: "Nombre", required: true),
                Field(id: "age", label: "Edad", kind: .number),
                Field(id: "terms", label: "Acepto", kind: .confirm, required: true),
                Field(id: "topics", label: "Temas", kind: .multichoice),
                Field(id: "nickname", label: "Apodo"),
                Field(id: "password", label: "Contraseña", kind: .secret, required: true),
            ],
            submit: SubmitSpec(
                label: "Crear cuenta", url: literalURL("https://api.example.com/accounts"),
                method: .put, timeoutSeconds: 7, idempotencyHeader: "X-Request-Key", headers: headers, body: body))
    }

    static let values = FormValues([
        "password": .text("p\"a\\s s\n"),
        "topics": .list(["swift", "a11y"]),
        "terms": .bool(true),
        "age": .number(42),
        "name": .text("Ana Núñez"),
        "nickname": .text(""),
        "unknown": .text("never sent"),
    ])

    @Test func jsonHasOneMemberPerFieldInFormOrderTypedByKind() throws {
        let request = SubmissionRequestBuilder(form: Self.form(), language: .es)
            .request(values: Self.values, key: IdempotencyKey("k1"))
        let body = String(decoding: request.body, as: UTF8.self)
        #expect(
            body
                == #"{"name":"Ana Núñez","age":42,"terms":true,"topics":["swift","a11y"],"password":"p\"a\\s s\n"}"#)
        // And it is JSON a server can parse.
        let parsed = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        #expect(parsed["password"] as? String == "p\"a\\s s\n")
        #expect(request.method == .put)
        #expect(request.timeoutSeconds == 7)
        #expect(request.url.absoluteString == "https://api.example.com/accounts")
    }

    @Test(arguments: [(42.0, "42"), (-3, "-3"), (2.5, "2.5"), (Double.nan, "null"), (Double.infinity, "null")])
    func numbersAreWrittenAsServersExpect(number: Double, json: String) {
        #expect(JSONWriter().text(FieldValue.number(number).json) == json)
    }

    @Test func controlCharactersAreEscaped() {
        #expect(JSONWriter().text(FieldValue.text("a\u{1}b\tc").json) == #""a\u0001b\tc""#)
    }

    @Test func formEncodingRepeatsListsAndEscapesLikeBrowsers() {
        let request = SubmissionRequestBuilder(form: Self.form(body: .form), language: .es)
            .request(values: Self.values, key: IdempotencyKey("k1"))
        #expect(
            String(decoding: request.body, as: UTF8.self)
                == "name=Ana+N%C3%BA%C3%B1ez&age=42&terms=true&topics=swift&topics=a11y&password=p%22a%5Cs+s%0A")
        #expect(request.headers.first { $0.name == "Content-Type" }?.value == "application/x-www-form-urlencoded")
    }

    @Test func headersCarryTheFormsOwnThenOursThenTheKey() {
        let form = Self.form(locale: "es_MX.UTF-8", headers: [HTTPHeader(name: "Authorization", value: "Bearer t")])
        let request = SubmissionRequestBuilder(form: form, language: .es).request(
            values: Self.values, key: IdempotencyKey("k1"))
        #expect(
            request.headers == [
                HTTPHeader(name: "Authorization", value: "Bearer t"),
                HTTPHeader(name: "Content-Type", value: "application/json"),
                HTTPHeader(name: "Accept", value: "application/json, application/problem+json"),
                HTTPHeader(name: "Accept-Language", value: "es-MX"),
                HTTPHeader(name: "X-Request-Key", value: "k1"),
            ])
    }

    @Test func theFormMayOverrideOurHeadersButNeverTheKey() {
        let form = Self.form(headers: [
            HTTPHeader(name: "accept", value: "application/vnd.api+json"),
            HTTPHeader(name: "x-request-key", value: "from-the-file"),
        ])
        let headers = SubmissionRequestBuilder(form: form, language: .es).request(
            values: FormValues(), key: IdempotencyKey("k1")
        ).headers
        #expect(headers.filter { $0.name.lowercased() == "accept" }.map(\.value) == ["application/vnd.api+json"])
        #expect(headers.filter { $0.name.lowercased() == "x-request-key" }.map(\.value) == ["k1"])
    }

    @Test(
        arguments: [
            ("es", Language.es, "es"), ("en-GB", .en, "en-GB"), ("fr", .en, "en"), (nil, .es, "es"),
        ] as [(String?, Language, String)])
    func acceptLanguageFollowsTheSession(locale: String?, language: Language, expected: String) {
        #expect(
            SubmissionRequestBuilder(form: Self.form(locale: locale), language: language).acceptLanguage == expected)
    }
}
