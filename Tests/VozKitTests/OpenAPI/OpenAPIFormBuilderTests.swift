import Foundation
import Testing
import VozJSON

@testable import VozAudit
@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozOpenAPI

@Suite("Forms built from OpenAPI operations and JSON Schemas")
struct OpenAPIFormBuilderTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/OpenAPI")

    /// The form for `operation`, written as `voz form` writes it and read back by Voz's own form decoder.
    private func form(_ file: String, _ operation: String, server: String? = nil) throws -> (Form, [String]) {
        let document = try SpecDocument.load(path: Self.fixtures.appendingPathComponent(file).path)
        let output = try OpenAPIFormBuilder.form(openAPI: document, operation: operation, server: server)
        let text = JSONWriter(indent: 2).text(output.form)
        return (try FormFile.decode(data: Data(text.utf8), path: "generated.json").form, output.notes)
    }

    private func field(_ form: Form, _ id: String) throws -> Field {
        try #require(form.fields.first { $0.id == id })
    }

    // MARK: - A real spec

    @Test("The OpenAPI Initiative's petstore: addPet through $ref, labels from names, submit from servers")
    func petstore() throws {
        let (form, notes) = try form("petstore-expanded.yaml", "addPet")
        #expect(form.fields.map(\.id) == ["name", "tag"])
        #expect(form.fields.map(\.label) == ["Name", "Tag"])
        #expect(form.fields.map(\.required) == [true, false])
        #expect(form.submit.url.absoluteString == "http://petstore.swagger.io/api/pets")
        #expect(form.submit.method == .post)
        #expect(notes.isEmpty)
        let (byPath, _) = try self.form("petstore-expanded.yaml", "POST /pets", server: "http://127.0.0.1:9/v1/")
        #expect(byPath.submit.url.absoluteString == "http://127.0.0.1:9/v1/pets")
    }

    @Test("A generated form with hints passes its own audit; the petstore's lacks nothing serious")
    func audit() throws {
        let document = try SpecDocument.load(path: Self.fixtures.appendingPathComponent("petstore-expanded.yaml").path)
        let output = try OpenAPIFormBuilder.form(openAPI: document, operation: "addPet", server: nil)
        let decoded = try FormFile.decode(
            data: Data(JSONWriter(indent: 2).text(output.form).utf8), path: "pet.json", forAudit: true)
        let result = Auditor.audit(forms: [decoded], transcripts: [])
        #expect(!result.fails(atOrAbove: .serious))
    }

    // MARK: - The mapping table

    @Test("Every mapping rule of docs/openapi.md on one operation")
    func mapping() throws {
        let (form, notes) = try form("accounts.yaml", "createAccount")
        #expect(
            form.fields.map(\.id) == [
                "org", "dryRun", "email", "first_name", "password", "age", "plan", "terms", "newsletter",
                "address.postalCode", "tags", "colours", "guests", "discount", "nickname", "middle_name",
            ])
        #expect(try field(form, "org").location == .path)
        #expect(try field(form, "org").hint == "The organisation.")
        #expect(try field(form, "dryRun").location == .query)
        let email = try field(form, "email")
        #expect(email.kind == .email && email.required && email.placeholder == "ana@example.com")
        #expect(email.purpose == "email")
        let name = try field(form, "first_name")
        #expect(name.label == "First name" && name.purpose == "given-name")
        // The description's sentence, then the limit it leaves out, which the hint now says in Voz's place.
        #expect(name.hint == "Your given name. At most 40 characters.")
        #expect(name.rules.maxLength == 40)
        let password = try field(form, "password")
        #expect(password.kind == .secret && password.placeholder == nil && password.purpose == "new-password")
        let age = try field(form, "age")
        #expect(age.kind == .integer && age.rules.min == 18 && age.rules.exclusiveMax == 130)
        let plan = try field(form, "plan")
        #expect(plan.kind == .choice && plan.options.map(\.label) == ["Free", "Pro", "Team"])
        #expect(plan.options.map(\.sent) == [.number("1"), .number("2"), .number("3")])
        #expect(try field(form, "terms").mustAccept && field(form, "terms").label == "I accept the terms")
        #expect(try !field(form, "newsletter").mustAccept && !field(form, "newsletter").required)
        let postal = try field(form, "address.postalCode")
        #expect(postal.bodyPath == ["address", "postalCode"] && postal.rules.pattern == "^[0-9]{5}\\z")
        let tags = try field(form, "tags")
        #expect(tags.kind == .list && tags.rules.maxItems == 5)
        #expect(try field(form, "colours").kind == .multichoice)
        let guests = try field(form, "guests")
        #expect(guests.kind == .group && guests.itemLabel == "Guest" && guests.members.map(\.id) == ["name"])
        #expect(form.submit.urlTemplate == "https://api.example.com/v2/accounts/{org}")
        #expect(form.submit.headers.map(\.name) == ["X-API-Key"])
        #expect(form.constants.map(\.path) == [["source"]])
        let discount = try field(form, "discount")
        #expect(discount.kind == .number && discount.rules.exclusiveMin == 0 && discount.rules.min == nil)
        #expect(discount.rules.max == 1 && discount.rules.multipleOf == 0.05)
        let nickname = try field(form, "nickname")
        #expect(nickname.kind == .text && !nickname.required && nickname.rules.minLength == 2)
        #expect(try field(form, "middle_name").rules.maxLength == 30)
        #expect(
            notes == [
                "meta is a free-form object, which a spoken form cannot ask (line 55).",
                "legacy is deprecated, so it is not asked (line 59).",
            ])
    }

    @Test(
        "Property names in words",
        arguments: [
            ("passenger_name", "Passenger name"), ("firstName", "First name"), ("zipCode2", "Zip code 2"),
            ("userID", "User ID"), ("e-mail", "E mail"), ("URL", "URL"),
        ])
    func words(name: String, label: String) {
        #expect(SchemaWording.words(name) == label)
    }

    @Test(
        "Hints are the description's first sentence without markdown",
        arguments: [
            ("Your **given** name. Shown on the badge.", "Your given name."),
            ("See [the rules](https://example.com/rules) first! Then more.", "See the rules first!"),
            ("One line\n\nAnother paragraph", "One line"),
            ("Version 1.5 of the `api`.", "Version 1.5 of the api."),
            // Voz says "required" itself, in the listener's language: the hint is what comes after.
            ("Optional. A coupon that has run out is refused.", "A coupon that has run out is refused."),
            ("**Required**. Your name.", "Your name."), ("Optional.", nil),
        ])
    func hints(description: String, hint: String?) {
        #expect(SchemaWording.firstSentence(description) == hint)
    }

    @Test(
        "A success response's description is the completion sentence unless a generator wrote it for every operation",
        arguments: [
            ("The account was created.", "The account was created."), ("Account created", "Account created."),
            ("Successful Response", nil), ("", nil), ("No response body", nil), ("Created", nil), ("OK", nil),
            ("Success", nil), ("successful operation", nil), ("**Created.** The order, with its number.", nil),
        ] as [(String, String?)])
    func successMessage(description: String, sentence: String?) throws {
        let operation = try JSONParser().parse(
            Array(
                #"{"responses": {"400": {"description": "Bad input."}, "201": {"description": "\#(description)"}}}"#
                    .utf8))
        let document = SpecDocument(file: "spec.json", root: .object([]))
        #expect(OpenAPIFormBuilder.successMessage(operation, resolver: SchemaResolver(document: document)) == sentence)
    }

    @Test(
        "FastAPI's and drf-spectacular's stock success descriptions leave Voz's own \"Form sent.\"",
        arguments: [
            ("generated/fastapi-travel.json", "createAccount"), ("generated/fastapi-travel.json", "reviewBooking"),
            ("generated/drf-shop.json", "signUp"), ("generated/drf-shop.yaml", "orders_create"),
        ])
    func generatorsSuccess(file: String, operation: String) throws {
        let (form, _) = try form(file, operation, server: "http://127.0.0.1:1")
        #expect(form.messages["server.success"] == nil)
    }

    @Test(
        "Autofill purposes from property names, the HTML autofill field names before the plain \"name\"",
        arguments: [
            ("middle_name", "additional-name"), ("middleName", "additional-name"), ("nickname", "nickname"),
            ("salutation", "honorific-prefix"), ("company", "organization"), ("street", "street-address"),
            ("address_line1", "address-line1"), ("addressLine2", "address-line2"), ("city", "address-level2"),
            ("province", "address-level1"), ("gender", "sex"), ("otp", "one-time-code"), ("website", "url"),
            ("full_name", "name"), ("order_state", nil),
        ] as [(String, String?)])
    func purposes(name: String, token: String?) {
        #expect(PurposeInference.token(kind: .text, names: [name]) == token)
        if let token { #expect(InputPurpose.isValid(token)) }
    }

    @Test("Every token the property-name table gives is one the purpose audit accepts")
    func purposeTableTokens() {
        for (token, _) in PurposeInference.purposeNames { #expect(InputPurpose.isValid(token), "\(token)") }
    }

    @Test("A nested object's label leads a member's label only where two would be heard alike; paths stay")
    func nestedLabels() throws {
        let schema = #"""
            {"type": "object", "title": "Registration", "properties": {
              "name": {"type": "string"},
              "contact": {"type": "object", "properties": {
                "name": {"type": "string", "title": "Name"},
                "email": {"type": "string", "format": "email", "title": "E-mail address"},
                "phone": {"type": "string", "title": "Contact phone"}}},
              "billing": {"type": "object", "title": "Billing", "properties": {
                "iban": {"type": "string", "title": "IBAN"},
                "address": {"type": "object", "properties": {"city": {"type": "string"}}}}}}}
            """#
        let document = SpecDocument(file: "schema.json", root: try JSONParser().parse(Array(schema.utf8)))
        let output = try OpenAPIFormBuilder.form(schema: document, url: "http://127.0.0.1:1/r", method: "POST")
        let form = try output.document(path: "schema.json").form
        #expect(
            form.fields.map { "\($0.id) \($0.label) \($0.bodyPath.joined(separator: "."))" } == [
                "name Name name", "contact.name Contact name contact.name",
                "contact.email E-mail address contact.email",
                "contact.phone Contact phone contact.phone", "billing.iban IBAN billing.iban",
                "billing.address.city City billing.address.city",
            ])
    }

    @Test("An enum's default is the choice's default when it is one of its values; an idempotency header is Voz's own")
    func enumDefault() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: t, version: "1"}
            servers: [{url: "http://127.0.0.1:9"}]
            paths: {/a: {post: {operationId: make,
              parameters: [{name: X-Idempotency-Key, in: header, schema: {type: string}}],
              requestBody: {content: {application/json: {schema: {properties: {
                plan: {enum: [free, pro], default: pro}, size: {enum: [s, m], default: xl},
                level: {enum: [1, 2], default: 2}}}}}}}}}
            """
        let document = try SpecDocument.decode(bytes: Array(yaml.utf8), file: "a.yaml", isJSON: false)
        let output = try OpenAPIFormBuilder.form(openAPI: document, operation: "make", server: nil)
        let form = try FormFile.decode(data: Data(JSONWriter(indent: 2).text(output.form).utf8), path: "a.json").form
        #expect(try field(form, "plan").defaultValue == "pro")
        #expect(try field(form, "size").defaultValue == nil)
        #expect(try field(form, "level").defaultValue == nil)
        #expect(form.submit.idempotencyHeader == "X-Idempotency-Key")
        #expect(output.notes.isEmpty)
    }

    @Test("A const-true boolean left out of required is still asked, as one that must be accepted")
    func constTrueOutsideRequired() throws {
        let schema =
            #"{"title": "Newsletter", "type": "object", "properties": {"consent": {"type": "boolean", "const": true}}}"#
        let document = try SpecDocument.decode(bytes: Array(schema.utf8), file: "n.json", isJSON: true)
        let output = try OpenAPIFormBuilder.form(schema: document, url: "http://127.0.0.1:9/n", method: "POST")
        let form = try FormFile.decode(data: Data(JSONWriter(indent: 2).text(output.form).utf8), path: "n.json").form
        #expect(try field(form, "consent").required)
        #expect(try field(form, "consent").mustAccept)
    }

    /// Found by the fuzzer (seed 19, inputs 9113 and 14622 of the json-schema target): an `allOf` that referred
    /// back to the schema around it overflowed the stack, since a merged part's reference was not kept open. Such
    /// a loop is a broken reference like any other (issue 27): its member is left out with the sentence.
    @Test(
        "A property whose allOf refers back to an enclosing schema is left out with a sentence, never recursed into",
        arguments: [
            ##"{"type": "object", "properties": {"b": {"allOf": [{"type": "integer"}, {"$ref": "#"}]}}}"##,
            ##"{"type": "object", "properties": {"b": {"allOf": [{"$ref": ""}], "title": "B"}}}"##,
            ##"{"type": "object", "properties": {"b": {"type": "array", "items": {"allOf": [{"$ref": "#"}]}}}}"##,
        ])
    func allOfBackToAnEnclosingSchema(_ schema: String) throws {
        let document = try SpecDocument.decode(bytes: Array(schema.utf8), file: "loop.json", isJSON: true)
        let output = try OpenAPIFormBuilder.form(schema: document, url: "http://127.0.0.1:9/n", method: "POST")
        #expect(output.form["fields"]?.elements?.isEmpty == true)
        #expect(output.notes.contains { $0.contains("contains itself") }, "\(output.notes)")
    }

    @Test("A recursive property is left out with a note; the rest of the schema is asked")
    func recursion() throws {
        let (form, notes) = try form("cycle.yaml", "addNode")
        #expect(form.fields.map(\.id) == ["label"])
        #expect(notes == ["parent repeats its own schema #/components/schemas/Node, so it is not asked (line 36)."])
    }

    // MARK: - Refusals

    static let refusals: [(String, String, String, String)] = [
        (
            "cycle.yaml", "addLoop", "line 39: the schema #/components/schemas/Loop contains itself",
            "línea 39: el esquema #/components/schemas/Loop se contiene a sí mismo"
        ),
        (
            "cycle.yaml", "missing", "no operation has the id missing",
            "ninguna operación tiene el id missing; da un operationId"
        ),
        (
            "petstore-expanded.yaml", "deletePet", "line 105: the operation deletePet uses DELETE",
            "línea 105: la operación deletePet usa DELETE; Voz envía formularios con POST, PUT o PATCH"
        ),
    ]

    @Test("A member whose reference points to nothing is left out with the sentence at its line; the rest is built")
    func brokenMember() throws {
        let (form, notes) = try form("cycle.yaml", "addBroken")
        #expect(form.fields.map(\.id) == ["name"])
        #expect(notes.count == 1 && notes[0].contains("line 22: $ref #/components/schemas/Nowhere points to nothing"))
    }

    @Test(
        "Descriptions Voz cannot map are refused with a sentence naming the line, in the user's language",
        arguments: refusals)
    func refused(file: String, operation: String, sentence: String, spanish: String) throws {
        let error = try #require(throws: SpecError.self) { try form(file, operation) }
        #expect(error.description.contains(sentence), "\(error.description)")
        let said = error.message(Localizer(language: .es))
        #expect(said.contains(spanish), "\(said)")
    }
}
