import Foundation
import Testing
import VozJSON

@testable import VozAudit
@testable import VozForm
@testable import VozKit
@testable import VozOpenAPI

/// Issue 27, section 1: the classes of what went wrong when `voz form --openapi` met public descriptions, each
/// written as the descriptions wrote it, and what a careful person would have asked instead.
@Suite("Forms from real API descriptions, as a careful person would write them")
struct RealDescriptionTests {
    private func field(_ form: Form, _ id: String) throws -> Field {
        try #require(form.fields.first { $0.id == id }, "no field \(id) in \(form.fields.map(\.id))")
    }

    // MARK: - Broken references degrade

    @Test(
        "A broken reference costs its member, with a note at its line, never the operation",
        arguments: [
            // YAML reads an unquoted `#/…` as a comment: the value is null.
            ("bad:\n  $ref: #/components/schemas/Address", "$ref must be a text"),
            ("bad:\n  $ref: '#/components/schemas/Nowhere'", "Nowhere"),
            ("bad:\n  type: array\n  items:\n    $ref: '#/components/schemas/Nowhere'", "Nowhere"),
            ("bad:\n  allOf:\n    - $ref: '#/components/schemas/Nowhere'", "Nowhere"),
        ])
    func brokenReference(member: String, problem: String) throws {
        let spec = RealDescriptionSpec(
            properties: "name:\n  type: string\n" + member + "\nemail:\n  type: string\n  format: email",
            required: ["name", "bad"], components: "Address:\n  type: object")
        let (form, notes) = try spec.form()
        #expect(form.fields.map(\.id) == ["name", "email"])
        let note = try #require(notes.first { $0.hasPrefix("bad is left out") }, "\(notes)")
        #expect(note.contains(problem) && note.contains("line 2"))
    }

    @Test("A parameter whose reference is broken is left out with a note; a body that cannot be read refuses")
    func brokenParameterAndBody() throws {
        let spec = RealDescriptionSpec(
            properties: "name:\n  type: string", parameters: "- $ref: '#/components/parameters/Nowhere'")
        let (form, notes) = try spec.form()
        #expect(form.fields.map(\.id) == ["name"])
        #expect(notes.contains { $0.hasPrefix("A parameter is left out") })
        let broken = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            servers: [{url: "https://api.example.com"}]
            paths:
              /things:
                post:
                  operationId: op
                  requestBody:
                    content:
                      application/json:
                        schema:
                          $ref: #/components/schemas/Thing
            """
        let document = try SpecDocument.decode(bytes: Array(broken.utf8), file: "api.yaml", isJSON: false)
        let error = #expect(throws: SpecError.self) {
            try OpenAPIFormBuilder.form(openAPI: document, operation: "op", server: nil)
        }
        #expect(error?.description.contains("$ref must be a text") == true)
    }

    // MARK: - Protocol plumbing

    @Test(
        "Members a program fills are left out with a note saying why, and asked with askPlumbing",
        arguments: [
            ("csrf_token", "type: string", "CSRF token"), ("authenticity_token", "type: string", "CSRF token"),
            ("code_challenge", "type: string", "PKCE"), ("code_challenge_method", "type: string", "PKCE"),
            ("captcha_token", "type: string", "captcha"), ("g_recaptcha_response", "type: string", "captcha"),
            ("code", "type: string\ndescription: The code sent by e-mail, used in the second step.", "later step"),
            ("custom_fields", "type: object\nproperties:\n  '1':\n    type: string", "custom fields"),
            ("transient_payload", "type: object\nproperties:\n  a:\n    type: string", "custom fields"),
        ])
    func plumbing(name: String, schema: String, reason: String) throws {
        let spec = RealDescriptionSpec(
            properties: "email:\n  type: string\n  format: email\n" + name + ":\n"
                + RealDescriptionSpec.indent(schema, 2))
        let (form, notes) = try spec.form()
        #expect(form.fields.map(\.id) == ["email"])
        let note = try #require(notes.first { $0.hasPrefix(name) }, "\(notes)")
        #expect(note.contains(reason) && note.contains("--ask-plumbing"))
        let (asked, _) = try spec.form(.init(askPlumbing: true))
        #expect(asked.fields.count > 1 && asked.fields.contains { $0.id.hasPrefix(name) })
    }

    @Test("A required plumbing member is still asked: no send could succeed without it")
    func requiredPlumbing() throws {
        let spec = RealDescriptionSpec(properties: "csrf_token:\n  type: string", required: ["csrf_token"])
        #expect(try spec.form().0.fields.map(\.id) == ["csrf_token"])
    }

    // MARK: - Purposes

    @Test(
        "Purposes a careful person sets, the same the audit expects",
        arguments: [
            ("signUp", "password", "type: string\nformat: password", "new-password"),
            ("registerUser", "password", "type: string\nformat: password", "new-password"),
            ("resetPassword", "password", "type: string\nformat: password", "new-password"),
            ("logIn", "password", "type: string\nformat: password", "current-password"),
            ("createSession", "password", "type: string\nformat: password", "current-password"),
            ("pay", "card_number", "type: string", "cc-number"),
            ("pay", "cardholder_name", "type: string", "cc-name"),
            ("pay", "name_on_card", "type: string", "cc-name"),
            ("pay", "cvc", "type: string", "cc-csc"),
            ("pay", "exp_month", "type: integer", "cc-exp-month"),
            ("pay", "exp_year", "type: integer", "cc-exp-year"),
            ("ship", "street", "type: string", "street-address"),
            ("ship", "city", "type: string", "address-level2"),
            ("ship", "postal_code", "type: string", "postal-code"),
            ("ship", "country", "type: string", "country"),
            ("book", "passenger_name", "type: string", "name"),
            ("pay", "save_card", "type: boolean\ntitle: Save card", nil),
            ("create", "product_name", "type: string", nil),
        ] as [(String, String, String, String?)])
    func purpose(operation: String, name: String, schema: String, token: String?) throws {
        let spec = RealDescriptionSpec(
            operationID: operation, properties: name + ":\n" + RealDescriptionSpec.indent(schema, 2))
        let (form, _) = try spec.form()
        let generated = try field(form, name)
        #expect(generated.purpose == token)
        // One inference: the audit expects a purpose exactly where the builder wrote one.
        #expect((InputPurpose.expectedToken(for: generated) != nil) == (token != nil))
        #expect(try !spec.failingFindings().contains { $0.ruleID == "purpose-missing" })
    }

    // MARK: - Labels

    @Test(
        "Labels are the description's words: no wrapper's name, titles as written, a prefix only against a twin",
        arguments: [
            ("user:\n  type: object\n  properties:\n    username:\n      type: string", ["Username"]),
            ("article:\n  type: object\n  properties:\n    title:\n      type: string", ["Title"]),
            (
                "traits:\n  type: object\n  properties:\n    email:\n      type: string\n      title: e-Mail",
                ["e-Mail"]
            ),
            ("method:\n  type: string\n  title: PayPal", ["PayPal"]),
            (
                "billing:\n  type: object\n  properties:\n    city:\n      type: string\n"
                    + "shipping:\n  type: object\n  properties:\n    city:\n      type: string",
                ["Billing city", "Shipping city"]
            ),
        ])
    func labels(properties: String, expected: [String]) throws {
        let (form, _) = try RealDescriptionSpec(properties: properties).form()
        #expect(form.fields.map(\.label) == expected)
    }

    @Test("A branch's title is kept as written; fields of branches never asked together share a label unflagged")
    func branchLabels() throws {
        let spec = RealDescriptionSpec(
            properties: """
                payment:
                  oneOf:
                    - $ref: '#/components/schemas/Card'
                    - $ref: '#/components/schemas/PayPalAccount'
                """,
            required: ["payment"],
            components: """
                Card:
                  type: object
                  title: Card
                  properties:
                    kind: {const: card}
                    reference: {type: string, description: The card's reference.}
                PayPalAccount:
                  type: object
                  title: PayPal
                  properties:
                    kind: {const: paypal}
                    reference: {type: string, description: The account's reference.}
                """)
        let (form, _) = try spec.form()
        #expect(try field(form, "payment").options.map(\.label) == ["Card", "PayPal"])
        #expect(form.fields.filter { $0.label == "Reference" }.count == 2)
        #expect(try !spec.failingFindings().contains { $0.ruleID == "label-duplicate" })
    }

    // MARK: - Secrets

    @Test(
        "writeOnly password-like and card-code members are secrets; writeOnly alone is not",
        arguments: [
            ("cvc", true), ("security_code", true), ("pin", true), ("passphrase", true), ("user_password", true),
            ("note", false),
        ])
    func secrets(name: String, secret: Bool) throws {
        let spec = RealDescriptionSpec(properties: name + ":\n  type: string\n  writeOnly: true")
        #expect(try field(spec.form().0, name).isSecret == secret)
    }
}
