import Foundation
import Testing
import VozJSON

@testable import VozAudit
@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozOpenAPI

/// `oneOf`/`anyOf` in request bodies (issue 17): branch choices, null unions, unions of plain values and enum
/// labels, on descriptions shaped as FastAPI, drf-spectacular, NSwag and openapi-generator write them.
@Suite("OpenAPI unions: branches, null and enum labels")
struct SchemaUnionMappingTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/OpenAPI")

    /// The form for `operation` of a fixture, read back by Voz's own decoder, and the notes.
    private func form(_ file: String, _ operation: String) throws -> (Form, [String]) {
        let document = try SpecDocument.load(path: Self.fixtures.appendingPathComponent(file).path)
        return try decoded(OpenAPIFormBuilder.form(openAPI: document, operation: operation, server: nil))
    }

    /// The form for a JSON Schema written inline.
    private func form(schema: String) throws -> (Form, [String]) {
        let document = try SpecDocument.decode(bytes: Array(schema.utf8), file: "schema.json", isJSON: true)
        return try decoded(OpenAPIFormBuilder.form(schema: document, url: "https://api.example.com/x", method: "POST"))
    }

    private func decoded(_ output: OpenAPIFormBuilder.Output) throws -> (Form, [String]) {
        let text = JSONWriter(indent: 2).text(output.form)
        return (try FormFile.decode(data: Data(text.utf8), path: "generated.json").form, output.notes)
    }

    private func field(_ form: Form, _ id: String) throws -> Field {
        try #require(form.fields.first { $0.id == id }, "no field \(id) in \(form.fields.map(\.id))")
    }

    private func when(_ id: String, _ value: String) -> FieldCondition { FieldCondition(fieldID: id, values: [value]) }

    // MARK: - Generated descriptions

    @Test("FastAPI, the whole body a discriminated union: a choice titled by the body, the tag sent per branch")
    func fastAPIBody() throws {
        let (form, notes) = try form("fastapi-branches.json", "addPet")
        #expect(form.fields.map(\.id) == ["kind", "name", "meows", "barks"])
        let kind = try field(form, "kind")
        #expect(kind.label == "Pet" && kind.kind == .choice && kind.required && kind.location == FieldLocation.none)
        #expect(kind.options.map(\.value) == ["cat", "dog"] && kind.options.map(\.label) == ["Cat", "Dog"])
        // The name is alike in both branches: asked once, whichever is chosen.
        #expect(try field(form, "name").condition == nil)
        #expect(try field(form, "meows").condition == when("kind", "cat"))
        #expect(try field(form, "barks").condition == when("kind", "dog"))
        #expect(
            form.constants == [
                FormConstant(path: ["pet_type"], value: .string("cat"), condition: when("kind", "cat")),
                FormConstant(path: ["pet_type"], value: .string("dog"), condition: when("kind", "dog")),
            ])
        #expect(notes.isEmpty)
    }

    @Test("FastAPI, a nested union, Optional fields and a Union of scalars")
    func fastAPINested() throws {
        let (form, notes) = try form("fastapi-branches.json", "createOrder")
        #expect(
            form.fields.map(\.id) == [
                "email", "payment", "payment.holder", "payment.number", "payment.iban", "gift_note", "nickname", "size",
            ])
        let payment = try field(form, "payment")
        #expect(payment.location == FieldLocation.none && payment.options.map(\.label) == ["Card", "Transfer"])
        #expect(try field(form, "payment.holder").condition == nil)
        let number = try field(form, "payment.number")
        #expect(number.condition == when("payment", "card") && number.bodyPath == ["payment", "number"])
        #expect(number.purpose == "cc-number")
        #expect(try field(form, "payment.iban").condition == when("payment", "transfer"))
        #expect(form.constants.map(\.path) == [["payment", "method"], ["payment", "method"]])
        #expect(form.constants.map(\.value) == [.string("card"), .string("transfer")])
        // `Optional[str]` without a default is required and nullable: empty sends null.
        let gift = try field(form, "gift_note")
        #expect(!gift.required && gift.nullWhenEmpty)
        let nickname = try field(form, "nickname")
        #expect(!nickname.required && !nickname.nullWhenEmpty)
        #expect(try field(form, "size").kind == .text)
        #expect(notes == ["size accepts a whole number or text; the form asks for text (line 243)."])
    }

    @Test("drf-spectacular's PolymorphicProxySerializer: labels from the mapping keys, the tag never asked")
    func drfSpectacular() throws {
        let (form, notes) = try form("drf-branches.yaml", "createPayment")
        #expect(form.fields.map(\.id) == ["kind", "number", "iban"])
        let kind = try field(form, "kind")
        #expect(kind.label == "Payment" && kind.options.map(\.label) == ["Card", "Transfer"])
        #expect(form.constants.map(\.value) == [.string("card"), .string("transfer")])
        #expect(form.constants.map(\.condition) == [when("kind", "card"), when("kind", "transfer")])
        #expect(notes == ["The security scheme cookieAuth is not a header Voz can send."])
    }

    @Test("Enum labels: oneOf const+title, x-enumNames, x-enum-varnames; null unions; unnamed branches")
    func unions() throws {
        let (form, notes) = try form("unions.yaml", "subscribe")
        let plan = try field(form, "plan")
        #expect(plan.kind == .choice && plan.options.map(\.label) == ["Free", "Pro"])
        #expect(plan.options.map(\.sent) == [.number("1"), .number("2")])
        #expect(try field(form, "status").options.map(\.label) == ["Active", "On hold"])
        let weather = try field(form, "weather")
        #expect(weather.options.map(\.label) == ["Sunny", "Cloudy", "Rainy"])
        #expect(weather.options.map(\.sent) == [.number("42"), .number("18"), .number("56")])
        #expect(weather.hint == "Sunny: Blue sky. Cloudy: Slightly overcast. Rainy: Take an umbrella.")
        let colours = try field(form, "colours")
        #expect(colours.kind == .multichoice && colours.options.map(\.label) == ["Red", "Dark blue"])
        #expect(try field(form, "size").options.map(\.label) == ["S", "M", "L"])
        #expect(try field(form, "note").nullWhenEmpty && field(form, "alias").nullWhenEmpty)
        #expect(try field(form, "alias").rules.maxLength == 20)
        #expect(try field(form, "amount").kind == .number)
        #expect(try field(form, "contact").options.map(\.label) == ["Phone", "Post", "Option 3"])
        #expect(try field(form, "contact.number").condition == when("contact", "phone"))
        #expect(try field(form, "unnamed").options.map(\.label) == ["Option 1", "Option 2"])
        #expect(
            notes == [
                "size: x-enumNames has 2 names for 3 values, so the values name the options (line 42).",
                "contact: the description gives some of its kinds no title, so the form calls them Option 3; "
                    + "give each a title (line 55).",
                "unnamed: the description gives its kinds no title, so the form calls them Option 1, Option 2; "
                    + "give each a title (line 74).",
            ])
        // The audit says the spec lacks names where it does.
        let text = JSONWriter(indent: 2).text(
            try OpenAPIFormBuilder.form(
                openAPI: SpecDocument.load(path: Self.fixtures.appendingPathComponent("unions.yaml").path),
                operation: "subscribe", server: nil
            ).form)
        let result = Auditor.audit(
            forms: [try FormFile.decode(data: Data(text.utf8), path: "u.json", forAudit: true)], transcripts: [])
        let generic = result.violations.filter { $0.message.key == "audit.branch-option-schema-name.generic" }
        #expect(generic.map(\.message.arguments["label"]) == ["Option 3", "Option 1", "Option 2"])
    }

    // MARK: - How a branch is named

    static func union(_ members: String, discriminator: String = "") -> String {
        """
        {"type": "object", "properties": {"pay": {"oneOf": [\(members)]\(discriminator)}},
         "$defs": {
           "CardPayment": {"type": "object", "properties": {"kind": {"const": "card"}, "n": {"type": "string"}}},
           "bank_transfer": {"type": "object", "properties": {"kind": {"const": "bank"}, "i": {"type": "string"}}},
           "Plain": {"type": "object", "properties": {"x": {"type": "string"}}},
           "Other": {"type": "object", "properties": {"y": {"type": "string"}}}}}
        """
    }

    static let namingCases: [(String, [String], [String], [String])] = [
        // Titles first, as written ("PayPal", never "Pay pal", issue 27); only a title that is its schema's name
        // (pydantic's class name) is said in words.
        (
            union(
                ##"{"title": "By card", "$ref": "#/$defs/CardPayment"}, {"title": "PayPal", "$ref": "#/$defs/Plain"}"##
            ),
            ["By card", "PayPal"], ["card", "Plain"], ["card"]
        ),
        (
            union(
                ##"{"title": "Plain", "$ref": "#/$defs/Plain"}, {"title": "CardPayment", "$ref": "#/$defs/CardPayment"}"##
            ),
            ["Plain", "Card payment"], ["Plain", "card"], ["card"]
        ),
        // The discriminator's mapping keys, in words.
        (
            union(
                ##"{"$ref": "#/$defs/Plain"}, {"$ref": "#/$defs/Other"}"##,
                discriminator:
                    ##", "discriminator": {"propertyName": "t", "mapping": {"by_card": "#/$defs/Plain", "other_way": "Other"}}"##
            ),
            ["By card", "Other way"], ["by_card", "other_way"], ["by_card", "other_way"]
        ),
        // A discriminator without mapping: the schema names (implicit mapping), sent as the tag; the tag written
        // among the parent's own properties is not asked either.
        (
            union(
                ##"{"$ref": "#/$defs/Plain"}, {"$ref": "#/$defs/Other"}"##,
                discriminator: ##", "discriminator": {"propertyName": "t"}, "properties": {"t": {"type": "string"}}"##),
            ["Plain", "Other"], ["Plain", "Other"], ["Plain", "Other"]
        ),
        // No discriminator: a const every branch has is the tag, and names the branch.
        (
            union(##"{"$ref": "#/$defs/CardPayment"}, {"$ref": "#/$defs/bank_transfer"}"##),
            ["Card", "Bank"], ["card", "bank"], ["card", "bank"]
        ),
        // Else the schema's name in words, else a number.
        (
            union(##"{"$ref": "#/$defs/bank_transfer"}, {"$ref": "#/$defs/Plain"}, {"type": "object"}"##),
            ["Bank", "Plain", "Option 3"], ["bank", "Plain", "3"], ["bank"]
        ),
    ]

    @Test(
        "A branch is named by its title, the mapping key, its const tag, its schema name, else its number",
        arguments: namingCases)
    func naming(schema: String, labels: [String], values: [String], tags: [String]) throws {
        let (form, _) = try form(schema: schema)
        let pay = try field(form, "pay")
        #expect(form.fields.first?.id == "pay" && !form.fields.contains { $0.id == "pay.t" })
        #expect(pay.options.map(\.label) == labels)
        #expect(pay.options.map(\.value) == values)
        #expect(form.constants.compactMap { if case .string(let text) = $0.value { text } else { nil } } == tags)
    }

    static let nested = """
        {"type": "object", "title": "Trip", "required": ["pay"],
         "properties": {
          "pay": {"oneOf": [{"$ref": "#/$defs/Card"}, {"$ref": "#/$defs/Wallet"}], "discriminator": {"propertyName": "type"}},
          "legs": {"type": "array", "items": {"type": "object", "properties": {"city": {"type": "string"},
             "mode": {"oneOf": [{"title": "Train", "type": "object", "properties": {"car": {"type": "integer"}}},
                                {"title": "Bus", "type": "object", "properties": {"seat": {"type": "integer"}}}]}}}}},
         "$defs": {
          "Card": {"type": "object", "required": ["number"], "properties": {"type": {"type": "string"}, "number": {"type": "string", "minLength": 12},
             "issuer": {"title": "Issuer", "oneOf": [{"title": "Visa", "type": "object", "properties": {"code": {"type": "string"}}},
                                     {"title": "Other", "type": "object", "properties": {"name": {"type": "string"}}}]}}},
          "Wallet": {"type": "object", "properties": {"type": {"type": "string"}, "number": {"type": "integer"}}}}}
        """

    @Test("A union inside a branch asks its own choice in that branch; an id two branches share is told apart")
    func nestedBranches() throws {
        let (form, notes) = try form(schema: Self.nested)
        #expect(
            form.fields.map(\.id) == [
                "pay", "pay.number", "pay.issuer", "pay.issuer.code", "pay.issuer.name", "pay.number_Wallet", "legs",
            ])
        #expect(try field(form, "pay.issuer").condition == when("pay", "Card"))
        #expect(try field(form, "pay.issuer.code").condition == when("pay.issuer", "1"))
        let wallet = try field(form, "pay.number_Wallet")
        #expect(wallet.kind == .integer && wallet.bodyPath == ["pay", "number"])
        // Implicit mapping: the schema names are the discriminator's values.
        #expect(form.constants.map(\.value) == [.string("Card"), .string("Wallet")])
        #expect(try field(form, "legs").members.map(\.id) == ["city"])
        #expect(
            notes == [
                "legs: each item may be of several kinds, which a repeated group cannot ask, so mode, mode.car, "
                    + "mode.seat are not asked (line 4)."
            ])
    }

    @Test("Branch fields keep where their labels came from, under the ids the form gives them")
    func branchProvenance() throws {
        let document = try SpecDocument.decode(bytes: Array(Self.nested.utf8), file: "schema.json", isJSON: true)
        let output = try OpenAPIFormBuilder.form(schema: document, url: "https://api.example.com/x", method: "POST")
        // The label-is-property-name audit looks each field up here: a branch's field left out is never checked.
        #expect(output.provenance["pay.number"]?.property == "number")
        #expect(output.provenance["pay.number_Wallet"]?.property == "number")
        #expect(output.provenance["pay.issuer.code"]?.property == "code")
        #expect(output.provenance["legs/city"]?.property == "city")
    }

    @Test("The words Voz makes up and its notes are in the form's language")
    func spanish() throws {
        let schema = Self.union(##"{"type": "object", "properties": {"a": {"title": "Calle"}}}, {"type": "string"}"##)
        let output = try OpenAPIFormBuilder.form(
            schema: SpecDocument.decode(bytes: Array(schema.utf8), file: "s.json", isJSON: true),
            url: "https://api.example.com/x", method: "POST", language: .es)
        let (form, notes) = try decoded(output)
        #expect(try field(form, "pay").options.map(\.label) == ["Opción 1"])
        #expect(
            notes == [
                "pay también puede ser texto, que el formulario no ofrece (línea 1).",
                "pay: la descripción no da título a sus tipos, así que el formulario los llama Opción 1; "
                    + "da un título a cada uno (línea 1).",
            ])
    }

    @Test("A date's hint and refusal, Voz's own words, are in the form's language; the length note too")
    func spanishDate() throws {
        let schema = """
            {"type": "object", "properties": {"born": {"type": "string", "format": "date"},
             "bio": {"type": "string", "maxLength": 99999999999}}}
            """
        let output = try OpenAPIFormBuilder.form(
            schema: SpecDocument.decode(bytes: Array(schema.utf8), file: "s.json", isJSON: true),
            url: "https://api.example.com/x", method: "POST", language: .es)
        let (form, notes) = try decoded(output)
        let born = try field(form, "born")
        #expect(born.hint == "Una fecha: año, mes y día, como 1990-05-17.")
        #expect(born.rules.format == .date)
        let refused = #expect(throws: ValidationError.self) {
            try FieldValidator(localizer: Localizer(language: .es)).parse("1990-13-45", for: born)
        }
        #expect(refused?.detail == "Escribe una fecha real: año, mes y día con guiones, como 1990-05-17.")
        #expect(
            notes == [
                "bio: su maxLength va más allá de lo que Voz comprueba, así que lo comprueba el servidor (línea 2)."
            ])
    }

    @Test("pydantic's optional child of a tree, anyOf [$ref Node, null], is left out with a note, not refused")
    func optionalRecursion() throws {
        let (form, notes) = try form(
            schema: ##"""
                {"$ref": "#/$defs/Node", "$defs": {"Node": {"title": "Node", "type": "object", "properties": {
                  "name": {"type": "string"},
                  "parent": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}], "default": null}}}}}
                """##)
        #expect(form.fields.map(\.id) == ["name"])
        #expect(notes == ["parent repeats its own schema #/$defs/Node, so it is not asked (line 3)."])
    }

    // MARK: - Words

    @Test(
        "Enum variable names in words, the prefix they share left out",
        arguments: [
            (["STATUS_ACTIVE", "STATUS_ON_HOLD"], ["Active", "On hold"]),
            (["Red", "DarkBlue"], ["Red", "Dark blue"]),
            (["SUNNY", "CLOUDY"], ["Sunny", "Cloudy"]),
            (["ERROR", "ERROR_FATAL"], ["Error", "Error fatal"]),
        ])
    func varnames(names: [String], words: [String]) {
        #expect(SchemaWording.varnames(names) == words)
    }

    @Test("A choice asked only to pick a branch has no body path", arguments: [#", "path": "a""#])
    func noneHasNoPath(extra: String) throws {
        let text = """
            {"id": "f", "title": "F", "locale": "en", "submit": {"label": "Go", "url": "https://api.example.com/"},
             "fields": [{"id": "k", "label": "Kind", "kind": "choice", "in": "none"\(extra),
                         "options": [{"value": "a", "label": "A thing"}]}]}
            """
        let error = try #require(throws: FormFileError.self) {
            try FormFile.decode(data: Data(text.utf8), path: "f.json")
        }
        #expect(error.description.contains("a field that is not sent has no place in the body"))
    }
}
