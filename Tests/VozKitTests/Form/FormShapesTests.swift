import Foundation
import Testing

@testable import VozAccessibility
@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozReplies
@testable import VozSession
@testable import VozSubmission

/// Issue 16's shapes through decoding, wording, validation, the body and the URL, each from form-file text.
@Suite struct FormShapesTests {
    /// A form file with `fields` (JSON text) and optional extra top-level members.
    static func file(_ fields: String, url: String = "http://127.0.0.1:1/x", extra: String = "") -> String {
        """
        {"id": "f", "title": "F", "fields": [\(fields)],
         "submit": {"label": "Enviar", "url": "\(url)"}\(extra)}
        """
    }

    static func decode(_ text: String) throws -> Form {
        try FormFile.decode(data: Data(text.utf8), path: "f.json").form
    }

    static func failure(_ text: String) -> FormFileError? {
        do throws(FormFileError) {
            _ = try FormFile.decode(data: Data(text.utf8), path: "f.json")
            return nil
        } catch {
            return error
        }
    }

    static func body(_ form: Form, _ answers: [String: String]) throws -> String {
        let validator = FieldValidator(localizer: Localizer(language: .en))
        var values = FormValues()
        for field in form.fields {
            guard let typed = answers[field.id] else { continue }
            values[field.id] = try validator.parse(typed, for: field)
        }
        return String(decoding: RequestBody.make(values: values, form: form).data, as: UTF8.self)
    }

    // MARK: - Decoding errors, line-precise

    static let malformed: [(String, String)] = [
        (
            file(#"{"id": "a", "label": "A", "path": "user..email"}"#),
            "f.json: fields[0].path: expected member names separated by dots, such as user.email, found \"user..email\"."
        ),
        (
            file(#"{"id": "a", "label": "A", "path": "user"}, {"id": "b", "label": "B", "path": "user.email"}"#),
            "f.json: fields[1]: the body member \"user.email\" overlaps fields[0]'s \"user\"; give each member its own path."
        ),
        (
            file(#"{"id": "a", "label": "A", "when": {"field": "b"}}, {"id": "b", "label": "B"}"#),
            "f.json: fields[0].when.field: \"b\" is not the id of an earlier field; a field can depend only on one asked before it."
        ),
        (
            file(
                #"{"id": "a", "label": "A", "kind": "choice", "options": [{"value": "x", "label": "X"}]}, "#
                    + #"{"id": "b", "label": "B", "when": {"field": "a", "equals": "y"}}"#),
            "f.json: fields[1].when.equals: \"y\" is not a value of the options of \"a\"."
        ),
        (
            file(#"{"id": "slug", "label": "A", "required": true}"#, url: "http://127.0.0.1:1/a/{slug}"),
            "f.json: submit.url: the parameter {slug} needs a field with the id \"slug\" and \"in\": \"path\"."
        ),
        (
            file(#"{"id": "slug", "label": "A", "in": "path"}"#, url: "http://127.0.0.1:1/a/{slug}"),
            "f.json: fields[0].in: a field that fills a part of the URL path must be required, or the address would have a gap."
        ),
        (
            file(#"{"id": "k", "label": "Clave", "kind": "secret", "in": "query"}"#),
            "f.json: fields[0].in: a secret field cannot go into the URL query; only the body can carry it."
        ),
        (
            file(#"{"id": "n", "label": "N", "kind": "integer", "rules": {"exclusiveMin": 5, "max": 5}}"#),
            "f.json: fields[0].rules: no number fits: the lower bound 5 is not below the upper bound 5."
        ),
        (
            file(#"{"id": "n", "label": "N", "kind": "number", "rules": {"multipleOf": 0}}"#),
            "f.json: fields[0].rules.multipleOf: expected a number above 0, found 0."
        ),
        (
            file(#"{"id": "t", "label": "T", "rules": {"maxItems": 3}}"#),
            "f.json: fields[0].rules.maxItems: maxItems applies only to list and group fields; this one is text."
        ),
        (
            file(#"{"id": "t", "label": "T", "kind": "text", "mustAccept": true, "required": true}"#),
            "f.json: fields[0].mustAccept: mustAccept applies only to confirm fields; this one is text."
        ),
        (
            file(#"{"id": "c", "label": "C", "kind": "choice", "options": [{"value": [1], "label": "X"}]}"#),
            "f.json: fields[0].options[0].value: expected the value sent to the server: a string, a number, true, false or null, found a list."
        ),
        (
            file(#"{"id": "t", "label": "T"}"#, extra: #", "constants": [{"value": 1}]"#),
            "f.json: constants[0]: missing key \"path\"; expected where the constant goes in the body."
        ),
        (
            file(#"{"id": "g", "label": "G", "kind": "group"}"#),
            "f.json: fields[0]: a group field needs \"fields\", the questions of each item."
        ),
        (
            file(
                #"{"id": "g", "label": "G", "kind": "group", "fields": [{"id": "p", "label": "P", "kind": "secret"}]}"#),
            "f.json: fields[0].fields[0].kind: a group's fields may be text, email, number, integer, choice or confirm; "
                + "this one is secret."
        ),
        (
            file(#"{"id": "t", "label": "T", "itemLabel": "Invitado"}"#),
            "f.json: fields[0].itemLabel: itemLabel belongs only to group fields; this one is text."
        ),
    ]

    @Test(arguments: malformed)
    func malformedShapeGivesOneSentence(text: String, expected: String) throws {
        let error = try #require(Self.failure(text))
        #expect(error.description == expected)
        // The file puts fields on its first line, and submit and constants on its second.
        let onSecondLine = expected.contains("submit.") || expected.contains("constants")
        #expect(error.line == (onSecondLine ? 2 : 1))
    }

    // MARK: - Body

    @Test func nestedPathsTypedOptionsConstantsAndNullBuildOneNestedBody() throws {
        let form = try Self.decode(
            Self.file(
                #"""
                {"id": "email", "label": "E", "kind": "email", "required": true, "path": "user.email"},
                {"id": "seats", "label": "S", "kind": "integer", "path": "booking.seats"},
                {"id": "meal", "label": "M", "kind": "choice",
                 "options": [{"value": 1, "label": "Carne"}, {"value": true, "label": "Sí"}, {"value": null, "label": "Nada"}]},
                {"id": "note", "label": "N", "nullWhenEmpty": true},
                {"id": "tags", "label": "T", "kind": "list", "items": {"kind": "number"}}
                """#,
                extra: #", "constants": [{"path": "user.source", "value": "voz"}, {"path": "version", "value": 2}]"#))
        #expect(form.fields[0].serverNames == ["user.email", "email"])
        let body = try Self.body(form, ["email": "ana@example.com", "seats": "3", "meal": "1", "tags": "1, 2.5"])
        #expect(
            body
                == #"{"user":{"email":"ana@example.com","source":"voz"},"booking":{"seats":3},"meal":1,"note":null,"tags":[1,2.5],"version":2}"#
        )
        #expect(try Self.body(form, ["email": "a@b.co", "meal": "2"]).contains(#""meal":true"#))
        #expect(try Self.body(form, ["email": "a@b.co", "meal": "Nada"]).contains(#""meal":null"#))
    }

    @Test func formBodiesUseBracketedNames() throws {
        var form = try Self.decode(Self.file(#"{"id": "n", "label": "N", "path": "card.number"}"#))
        form.submit.body = .form
        #expect(try Self.body(form, ["n": "4242 4242"]) == "card%5Bnumber%5D=4242+4242")
    }

    // MARK: - Branches

    static let branchForm = file(
        #"""
        {"id": "method", "label": "Pago", "kind": "choice", "required": true, "path": "payment.method",
         "options": [{"value": "card", "label": "Tarjeta"}, {"value": "bank", "label": "Banco"}]},
        {"id": "card", "label": "Tarjeta", "required": true, "path": "payment.card.number",
         "when": {"field": "method", "equals": "card"}},
        {"id": "iban", "label": "IBAN", "required": true, "path": "payment.iban",
         "when": {"field": "method", "equals": "bank"}}
        """#,
        extra:
            #", "constants": [{"path": "payment.object", "value": "card", "when": {"field": "method", "equals": "card"}}]"#
    )

    @Test func onlyTheChosenBranchIsCheckedAndSent() throws {
        let form = try Self.decode(Self.branchForm)
        let body = try Self.body(form, ["method": "1", "card": "4242", "iban": "ES00"])
        #expect(body == #"{"payment":{"method":"card","card":{"number":"4242"},"object":"card"}}"#)
        let values = FormValues(["method": .text("bank")])
        let errors = FieldValidator(localizer: Localizer(language: .en)).validate(values, in: form)
        #expect(errors.map(\.fieldID) == ["iban"])
        var model = SessionModel(form: form)
        model.setAnswer("2", value: .text("bank"), forField: "method")
        model.advance()
        #expect(model.focusedField?.id == "iban")
        #expect(model.applicableIndices == [0, 2])
    }

    @Test func aServerErrorOnTheBranchNotChosenGoesToTheGeneralMessage() throws {
        let form = try Self.decode(Self.branchForm)
        let reply = HTTPReply(
            status: 422, headers: [HTTPHeader(name: "Content-Type", value: "application/problem+json")],
            body: Data(
                ##"{"title":"Invalid","errors":[{"pointer":"#/payment/card/number","detail":"Card declined."},{"pointer":"#/payment/iban","detail":"Bad IBAN."}]}"##
                    .utf8))
        let interpreter = ReplyInterpreter(
            form: form, localizer: Localizer(language: .en),
            submitted: FormValues(["method": .text("bank"), "iban": .text("ES00")]))
        guard case .failure(let failure) = interpreter.interpret(reply) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.fieldErrors.map(\.fieldID) == ["iban"])
        #expect(failure.message.contains("Tarjeta: Card declined."))
    }

    // MARK: - URL parameters

    @Test func pathAndQueryFieldsGoIntoTheAddressPercentEncodedAndNeverIntoTheBody() throws {
        let form = try Self.decode(
            Self.file(
                #"""
                {"id": "slug", "label": "Artículo", "required": true, "in": "path"},
                {"id": "lang", "label": "Idioma", "in": "query"},
                {"id": "body", "label": "Comentario", "path": "comment.body"}
                """#,
                url: "http://127.0.0.1:1/articles/{slug}/comments"))
        let values = FormValues(["slug": .text("año/2"), "lang": .text("es es"), "body": .text("Hola")])
        #expect(
            form.requestURL(values: values).absoluteString
                == "http://127.0.0.1:1/articles/a%C3%B1o%2F2/comments?lang=es%20es")
        #expect(
            String(decoding: RequestBody.make(values: values, form: form).data, as: UTF8.self)
                == #"{"comment":{"body":"Hola"}}"#)
    }

    /// Issue 24, item 5: `.` and `..` are whole path segments that every URL resolver removes, so `slug=..` sent
    /// the comment to `/articles/comments`. Percent-encoded they are a value like any other.
    @Test(arguments: [
        (".", "/articles/%2E/comments"), ("..", "/articles/%2E%2E/comments"), ("...", "/articles/.../comments"),
        (".a", "/articles/.a/comments"), ("a..", "/articles/a../comments"),
    ])
    func dotSegmentsArePercentEncoded(slug: String, path: String) throws {
        let form = try Self.decode(
            Self.file(
                #"{"id": "slug", "label": "Artículo", "required": true, "in": "path"}"#,
                url: "http://127.0.0.1:1/articles/{slug}/comments"))
        let url = form.requestURL(values: FormValues(["slug": .text(slug)]))
        #expect(url.absoluteString == "http://127.0.0.1:1" + path)
        #expect(url.standardized.path.hasPrefix("/articles/"), "\(url.standardized)")
    }

    // MARK: - Headers from the environment

    @Test func aHeaderFromTheEnvironmentIsFilledAtSendTimeAndNeverLogged() throws {
        var form = try Self.decode(
            #"""
            {"id": "f", "title": "F", "fields": [{"id": "a", "label": "A"}],
             "submit": {"label": "Enviar", "url": "http://127.0.0.1:1/x", "headers": {"X-Clave": "$VOZ_TEST_KEY"}}}
            """#)
        #expect(form.submit.headers == [HTTPHeader(name: "X-Clave", value: "", environmentVariable: "VOZ_TEST_KEY")])
        #expect(form.submit.resolveHeaders(from: [:])! == ("X-Clave", "VOZ_TEST_KEY"))
        #expect(form.submit.resolveHeaders(from: ["VOZ_TEST_KEY": "k-123"]) == nil)
        let request = SubmissionRequestBuilder(form: form, language: .es).request(
            values: FormValues(["a": .text("x")]), key: IdempotencyKey("key"))
        #expect(
            request.headers.contains(HTTPHeader(name: "X-Clave", value: "k-123", environmentVariable: "VOZ_TEST_KEY")))
        let logged = LogRedactor(form: form).headers(request.headers)
        #expect(logged["X-Clave"] == LogRedactor.mask)
    }

    // MARK: - Bounds, integers, lists and yes/no, in words

    static let wording: [(String, String, String)] = [
        (
            #"{"id": "n", "label": "N", "kind": "integer", "rules": {"exclusiveMin": 0}}"#,
            "Escribe un número entero mayor que 0.", "Type a whole number greater than 0."
        ),
        // Issue 36: "mayor que 0 y de 9 o menos" is, for whole numbers, "entre 1 y 9".
        (
            #"{"id": "n", "label": "N", "kind": "integer", "rules": {"exclusiveMin": 0, "max": 9}}"#,
            "Escribe un número entero entre 1 y 9.", "Type a whole number between 1 and 9."
        ),
        (
            #"{"id": "n", "label": "N", "kind": "integer", "rules": {"min": 0.5, "exclusiveMax": 10}}"#,
            "Escribe un número entero entre 1 y 9.", "Type a whole number between 1 and 9."
        ),
        (
            #"{"id": "n", "label": "N", "kind": "number", "rules": {"min": 2, "max": 9}}"#,
            "Escribe un número entre 2 y 9.", "Type a number between 2 and 9."
        ),
        (
            #"{"id": "n", "label": "N", "kind": "number", "rules": {"exclusiveMin": 0, "max": 9, "multipleOf": 0.5}}"#,
            "Escribe un número mayor que 0, de 9 o menos y múltiplo de 0,5.",
            "Type a number greater than 0, of 9 or less and a multiple of 0.5."
        ),
        (
            #"{"id": "l", "label": "L", "kind": "list", "rules": {"minItems": 1, "maxItems": 3, "uniqueItems": true}}"#,
            "Escribe un valor por línea y deja una línea vacía para terminar, o todos en una línea separados por comas. Para una coma dentro de un valor, escribe una barra invertida delante. De 1 a 3 valores, sin repetir.",
            "Type one value per line and an empty line to finish, or all on one line separated by commas. For a comma inside a value, type a backslash before it. From 1 to 3 values, none repeated."
        ),
    ]

    @Test(arguments: wording)
    func boundsAndListsAreSaidBeforeInput(field: String, spanish: String, english: String) throws {
        let form = try Self.decode(Self.file(field))
        for (language, expected) in [(Language.es, spanish), (.en, english)] {
            let element = AccessibleElement.field(
                form.fields[0], index: 0, count: 1, value: nil, error: nil, localizer: Localizer(language: language))
            #expect(element.instructions == expected)
        }
    }

    static let refusals: [(String, String, ValidationError.Reason)] = [
        (#"{"id": "n", "label": "N", "kind": "integer"}"#, "2.5", .notAnInteger),
        (#"{"id": "n", "label": "N", "kind": "number", "rules": {"exclusiveMin": 0}}"#, "0", .belowMinimum),
        (#"{"id": "n", "label": "N", "kind": "number", "rules": {"exclusiveMax": 10}}"#, "10", .aboveMaximum),
        (#"{"id": "n", "label": "N", "kind": "number", "rules": {"multipleOf": 0.5}}"#, "0.7", .notAMultiple),
        (#"{"id": "l", "label": "L", "kind": "list", "rules": {"maxItems": 2}}"#, "a, b, c", .tooManyItems),
        (#"{"id": "l", "label": "L", "kind": "list", "rules": {"minItems": 2}}"#, "a", .tooFewItems),
        (#"{"id": "l", "label": "L", "kind": "list", "rules": {"uniqueItems": true}}"#, "a, b, A", .duplicateItem),
        (
            #"{"id": "l", "label": "L", "kind": "list", "items": {"kind": "email"}}"#, "a@b.co, nope",
            .item(1, .email(.missingAt))
        ),
        (#"{"id": "y", "label": "Y", "kind": "confirm", "required": true, "mustAccept": false}"#, "", .required),
        (#"{"id": "y", "label": "Y", "kind": "confirm", "required": true}"#, "no", .mustAccept),
    ]

    @Test(arguments: refusals)
    func refusesOutOfShapeAnswers(field: String, typed: String, reason: ValidationError.Reason) throws {
        let form = try Self.decode(Self.file(field))
        let validator = FieldValidator(localizer: Localizer(language: .es))
        #expect(throws: ValidationError.self) { try validator.parse(typed, for: form.fields[0]) }
        do {
            _ = try validator.parse(typed, for: form.fields[0])
        } catch {
            #expect(error.reason == reason)
        }
    }

    @Test func aRequiredYesNoTakesNoButAMustAcceptDoesNot() throws {
        let form = try Self.decode(
            Self.file(
                #"{"id": "a", "label": "A", "kind": "confirm", "required": true, "mustAccept": false}, "#
                    + #"{"id": "b", "label": "B", "kind": "confirm", "required": true, "mustAccept": true}"#))
        let validator = FieldValidator(localizer: Localizer(language: .es))
        #expect(try validator.parse("no", for: form.fields[0]) == .bool(false))
        #expect(throws: ValidationError.self) { try validator.parse("no", for: form.fields[1]) }
    }
}
