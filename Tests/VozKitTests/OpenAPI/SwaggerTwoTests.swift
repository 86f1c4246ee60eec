import Foundation
import Testing
import VozJSON

@testable import VozAudit
@testable import VozForm
@testable import VozKit
@testable import VozOpenAPI

/// Swagger 2.0 read as OpenAPI 3 says the same things (issue 27): body and form parameters as the request body,
/// a parameter's own type as its schema, `host`, `basePath` and `schemes` as the server, `definitions` by pointer.
@Suite struct SwaggerTwoTests {
    static let description = """
        swagger: "2.0"
        info: {title: Shop, version: "1"}
        host: shop.example.com
        basePath: /v2
        schemes: [http, https]
        securityDefinitions:
          key: {type: apiKey, name: X-Key, in: header}
        paths:
          /users/{org}:
            post:
              operationId: createUser
              summary: Create a user
              security: [{key: []}]
              parameters:
                - {name: org, in: path, required: true, type: string, maxLength: 20}
                - {name: dry, in: query, type: boolean}
                - {name: user, in: body, schema: {$ref: "#/definitions/User"}}
          /login:
            post:
              operationId: logIn
              consumes: [application/x-www-form-urlencoded]
              parameters:
                - {name: username, in: formData, required: true, type: string}
                - {name: password, in: formData, required: true, type: string}
        definitions:
          User:
            type: object
            required: [email]
            properties:
              id: {type: integer, format: int64}
              email: {type: string, format: email}
              password: {type: string}
        """

    static func form(_ operation: String) throws -> Form {
        let document = try SpecDocument.decode(bytes: Array(description.utf8), file: "shop.yaml", isJSON: false)
        let output = try OpenAPIFormBuilder.form(openAPI: document, operation: operation, server: nil)
        return try FormFile.decode(data: Data(output.text.utf8), path: "shop.yaml", forAudit: true).form
    }

    @Test func theBodyParameterIsTheBodyAndTheServerIsHostBasePathAndHTTPS() throws {
        let form = try Self.form("createUser")
        #expect(form.submit.urlTemplate ?? form.submit.url.absoluteString == "https://shop.example.com/v2/users/{org}")
        // The created record's id is the server's; the password is secret without `format: password`.
        #expect(form.fields.map(\.id) == ["org", "dry", "email", "password"])
        #expect(form.fields[0].location == .path && form.fields[0].rules.maxLength == 20)
        #expect(form.fields[1].kind == .confirm && form.fields[1].location == .query)
        #expect(form.fields[2].kind == .email && form.fields[2].required)
        #expect(form.fields[3].kind == .secret && form.fields[3].purpose == "new-password")
        #expect(form.submit.headers.contains { $0.name == "X-Key" && $0.environmentVariable == "VOZ_KEY" })
    }

    @Test func formDataParametersAreAFormEncodedBody() throws {
        let form = try Self.form("logIn")
        #expect(form.submit.body == .form)
        #expect(form.fields.map(\.id) == ["username", "password"])
        #expect(form.fields.allSatisfy { $0.required })
        #expect(form.fields[1].kind == .secret && form.fields[1].purpose == "current-password")
    }

    @Test(
        "A bare name is a person's only in a form about a person; a password only a person's own",
        arguments: [
            ("name", FieldKind.text, ["createPet", "Add a pet", "/pets"], nil),
            ("name", .text, ["subscribe", "Subscribe", "/subscribers"], "name"),
            ("roles.name", .text, ["createUser", "Create a user", "/users"], nil),
            ("password", .secret, ["post_connection", "Create a connection", "/connections"], nil),
            ("password", .secret, ["post_user", "Create a user", "/users"], "new-password"),
            ("password", .secret, ["create_token", "Create a token", "/auth/token"], "current-password"),
            ("userStatus", .integer, ["createUser", "Create user", "/user"], nil),
        ] as [(String, FieldKind, [String], String?)])
    func purposeInContext(name: String, kind: FieldKind, context: [String], token: String?) {
        #expect(PurposeInference.token(kind: kind, names: [name], context: context) == token)
    }
}
