import Foundation
import Testing
import VozJSON

@testable import VozForm
@testable import VozKit
@testable import VozOpenAPI
@testable import VozSubmission

@Suite("A +json media type (RFC 6839) is a JSON body, sent with the type the description names")
struct StructuredJSONBodyTests {
    /// Spree's storefront writes its bodies only as `application/vnd.api+json`, which Voz once refused.
    private func description(_ mediaType: String) -> String {
        """
        openapi: 3.0.3
        info: { title: Shop, version: "1" }
        servers: [{ url: "https://shop.example.com/api" }]
        paths:
          /account:
            post:
              operationId: account-creation
              summary: Create an account
              requestBody:
                content:
                  \(mediaType):
                    schema:
                      type: object
                      properties:
                        user:
                          type: object
                          properties:
                            email: { type: string, format: email }
              responses:
                "200": { description: The account. }
        """
    }

    private func form(_ mediaType: String) throws -> Form {
        let text = description(mediaType)
        let document = try SpecDocument.decode(bytes: Array(text.utf8), file: "shop.yaml", isJSON: false)
        let output = try OpenAPIFormBuilder.form(openAPI: document, operation: "account-creation", server: nil)
        let json = JSONWriter(indent: 2).text(output.form)
        return try FormFile.decode(data: Data(json.utf8), path: "shop.json").form
    }

    private func contentType(of form: Form) -> String? {
        let request = SubmissionRequestBuilder(form: form, language: .en).request(
            values: FormValues([form.fields.first?.id ?? "": .text("ana@example.com")]), key: IdempotencyKey("k"))
        return request.headers.first { $0.name.lowercased() == "content-type" }?.value
    }

    @Test(
        "Structured-syntax JSON types are built and sent as JSON with their own Content-Type",
        arguments: ["application/vnd.api+json", "application/merge-patch+json", "application/problem+json"])
    func structuredSyntax(mediaType: String) throws {
        let form = try form(mediaType)
        #expect(form.fields.map { $0.path.joined(separator: ".") } == ["user.email"])
        #expect(form.submit.body == .json)
        #expect(contentType(of: form) == mediaType)
    }

    @Test("Plain application/json keeps Voz's own Content-Type and adds no header")
    func plainJSON() throws {
        let form = try form("application/json")
        #expect(form.submit.headers.isEmpty)
        #expect(contentType(of: form) == "application/json")
    }

    @Test("A type that is not JSON (XML) is still refused")
    func notJSON() throws {
        #expect(throws: SpecError.self) { try form("application/xml") }
    }
}
