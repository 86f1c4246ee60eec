import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozReplies

/// Issue 36, the second newcomer: English server text was said inside Spanish ("has already been taken.", "The Nombre
/// de contacto may not be greater than 5 characters."). Each framework's reply, shaped as the framework writes it,
/// is said in Voz's own words with the server's bound; a phrase Voz does not know is the general sentence, and its
/// words go to the technical log only.
@Suite struct ServerPhraseTests {
    static let spanish = Localizer(language: .es)

    static func eventForm() throws -> Form {
        try FormFile.load(path: FormFixtures.examples.appendingPathComponent("inscribir-evento.json").path).form
    }

    /// Two guests, paid by card.
    static let submitted = FormValues([
        "evento": .text("taller-swift"), "nombre": .text("Gil Soto"), "correo": .text("uma@ejemplo.com"),
        "plazas": .number(3),
        "invitados": .group([
            GroupItem(values: ["nombre": .text("Leo"), "correo": .text("leo@ejemplo.com")]),
            GroupItem(values: ["nombre": .text("Eva"), "correo": .text("eva@ejemplo.com")]),
        ]),
        "pago": .text("card"), "tarjeta": .text("4242424242424242"),
    ])

    /// The failure `body` is read as, and the technical notes of the reading.
    static func read(
        _ status: Int, _ body: String, language: Language = .es, submitted: FormValues = submitted
    ) throws -> (failure: SubmissionFailure, notes: [String]) {
        let interpreter = ReplyInterpreter(
            form: try eventForm(), localizer: Localizer(language: language), submitted: submitted)
        let reply = HTTPReply(
            status: status, headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
            body: Data(body.utf8))
        let interpretation = interpreter.interpretation(of: reply)
        guard case .failure(let failure) = interpretation.outcome else {
            Issue.record("not a failure")
            return (SubmissionFailure(kind: .permanent, message: ""), [])
        }
        return (failure, interpretation.notes)
    }

    static func message(_ failure: SubmissionFailure, _ fieldID: String) -> String? {
        failure.fieldErrors.first { $0.fieldID == fieldID }?.message
    }

    // MARK: - Each framework's shape

    struct Case: Sendable, CustomStringConvertible {
        var framework: String
        var status: Int
        var body: String
        var fieldID: String
        var expected: @Sendable (Localizer) -> String
        var description: String { framework }
    }

    static let tooLong: @Sendable (Localizer) -> String = { $0.plural("validation.length.tooLong", count: 5) }
    static let taken: @Sendable (Localizer) -> String = { $0.text("server.phrase.taken") }

    static let cases: [Case] = [
        Case(
            framework: "Laravel 10",
            status: 422,
            body: #"{"message":"The contact.name field must not be greater than 5 characters. (and 1 more error)","#
                + #""errors":{"contact.name":["The contact.name field must not be greater than 5 characters."],"#
                + #""contact.email":["The contact.email has already been taken."]}}"#,
            fieldID: "nombre", expected: tooLong),
        Case(
            framework: "Laravel 5 (the newcomer's)",
            status: 422,
            body: #"{"message":"The given data was invalid.","errors":{"contact.name":["The Nombre de contacto "#
                + #"may not be greater than 5 characters."]}}"#,
            fieldID: "nombre", expected: tooLong),
        Case(
            framework: "Rails", status: 422, body: #"{"errors":{"contact.email":["has already been taken"]}}"#,
            fieldID: "correo", expected: taken),
        Case(
            framework: "Rails, too long", status: 422,
            body: #"{"contact.name":["is too long (maximum is 5 characters)"]}"#, fieldID: "nombre",
            expected: tooLong),
        Case(
            framework: "Django REST framework", status: 400,
            body: #"{"contact":{"name":["Ensure this field has no more than 5 characters."],"#
                + #""email":["registration with this email already exists."]}}"#,
            fieldID: "nombre", expected: tooLong),
        Case(
            framework: "Django REST framework, required", status: 400,
            body: #"{"contact":{"email":["This field is required."]}}"#, fieldID: "correo",
            expected: { $0.text("server.phrase.required") }),
        Case(
            framework: "pydantic v2 (FastAPI)", status: 422,
            body: #"{"detail":[{"type":"string_too_long","loc":["body","contact","name"],"#
                + #""msg":"String should have at most 5 characters","input":"Gil Soto","ctx":{"max_length":5}}]}"#,
            fieldID: "nombre", expected: tooLong),
        Case(
            framework: "pydantic v1 (FastAPI)", status: 422,
            body: #"{"detail":[{"loc":["body","seats"],"msg":"ensure this value is less than or equal to 2","#
                + #""type":"value_error.number.not_le","ctx":{"limit_value":2}}]}"#,
            fieldID: "plazas", expected: { $0.text("validation.number.max", ["max": "2"]) }),
        Case(
            framework: "ASP.NET ValidationProblemDetails", status: 400,
            body: #"{"type":"https://tools.ietf.org/html/rfc9110#section-15.5.1","#
                + #""title":"One or more validation errors occurred.","status":400,"errors":{"Contact.Name":"#
                + #"["The field Name must be a string with a maximum length of 5."]},"#
                + #""traceId":"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00"}"#,
            fieldID: "nombre", expected: tooLong),
        Case(
            framework: "express-validator", status: 400,
            body: #"{"errors":[{"type":"field","value":"uma","msg":"Invalid value","path":"contact.email","#
                + #""location":"body"}]}"#,
            fieldID: "correo", expected: { $0.text("server.phrase.email") }),
        Case(
            framework: "express-validator, a Joi message", status: 400,
            body: #"{"errors":[{"type":"field","msg":"\"email\" must be a valid email","path":"contact.email","#
                + #""location":"body"}]}"#,
            fieldID: "correo", expected: { $0.text("server.phrase.email") }),
    ]

    @Test(arguments: cases)
    func aFrameworksEnglishPhraseIsSaidInVozsWords(_ shape: Case) throws {
        let (failure, notes) = try Self.read(shape.status, shape.body)
        let said = try #require(Self.message(failure, shape.fieldID), "\(failure)")
        #expect(said == shape.expected(Self.spanish), "\(shape.framework): \(said)")
        // The server's own English words are in the log, never in what is said.
        #expect(notes.contains { $0.contains("said in Voz's words") }, "\(notes)")
    }

    /// The newcomer's two sentences, in every language Voz speaks: each says the bound, none the server's English.
    @Test(arguments: Language.allCases)
    func theSentenceIsInThePersonsLanguage(language: Language) throws {
        let body =
            #"{"message":"The given data was invalid.","errors":{"contact.name":["The Nombre de contacto may not be "#
            + #"greater than 5 characters."],"contact.email":["has already been taken."]}}"#
        let (failure, _) = try Self.read(422, body, language: language)
        let localizer = Localizer(language: language)
        guard language != .en else {
            // In English the server's sentence is in the person's language: said as it is.
            #expect(Self.message(failure, "correo") == "has already been taken.")
            return
        }
        #expect(Self.message(failure, "nombre") == localizer.plural("validation.length.tooLong", count: 5))
        #expect(Self.message(failure, "correo") == localizer.text("server.phrase.taken"))
        let said = failure.fieldErrors.map(\.message).joined(separator: " ")
        #expect(!said.contains("taken") && !said.contains("greater"), "\(said)")
    }

    /// A phrase Voz does not know is the general sentence; the server's words are only in the technical log.
    @Test func anUnknownEnglishPhraseIsTheGeneralSentenceAndTheLogKeepsIt() throws {
        let body = #"{"contact":{"email":["This address bounced. Use another one."]}}"#
        let (failure, notes) = try Self.read(422, body)
        #expect(Self.message(failure, "correo") == Self.spanish.text("server.field.invalid"))
        #expect(!failure.message.contains("bounced"))
        #expect(notes.contains { $0.contains("This address bounced. Use another one.") }, "\(notes)")
    }

    /// The server's sentence in the person's language is worth more than any phrase of Voz's: said as it is.
    @Test func aSentenceInThePersonsLanguageIsSaidAsItIs() throws {
        let body = #"{"contact":{"email":["Ya existe una inscripción con ese correo. Escribe otro."]}}"#
        let (failure, _) = try Self.read(422, body)
        #expect(Self.message(failure, "correo") == "Ya existe una inscripción con ese correo. Escribe otro.")
    }

    /// A guest's error is said in Voz's words too, within "Invitado 1, correo: …".
    @Test func aMembersEnglishPhraseIsSaidInVozsWords() throws {
        let body = #"{"errors":{"contact.email":["has already been taken"],"guests[0].email":["is invalid"]}}"#
        let (failure, _) = try Self.read(422, body)
        let guests = try #require(Self.message(failure, "invitados"))
        let detail = Self.spanish.text("server.phrase.email")
        #expect(guests == "Invitado 1, correo: " + detail, "\(guests)")
        #expect(failure.fieldErrors.first { $0.fieldID == "invitados" }?.members.first?.detail == detail)
    }

    // MARK: - The phrases

    @Test(arguments: [
        ("has already been taken", ServerPhrase.taken),
        ("The email has already been taken.", .taken),
        ("user with this email already exists.", .taken),
        ("This field must be unique.", .taken),
        ("This email is already registered.", .taken),
        ("The name field is required.", .required),
        ("can't be blank", .required),
        ("Field required", .required),
        ("This field may not be blank.", .required),
        ("'Email' must not be empty.", .required),
        ("must not be blank", .required),
        ("Required", .required),
        ("\"name\" is not allowed to be empty", .required),
        ("The name may not be greater than 5 characters.", .tooLong(maximum: 5)),
        ("The name field must not be greater than 255 characters.", .tooLong(maximum: 255)),
        ("is too long (maximum is 20 characters)", .tooLong(maximum: 20)),
        ("Ensure this field has no more than 5 characters.", .tooLong(maximum: 5)),
        ("ensure this value has at most 5 characters", .tooLong(maximum: 5)),
        ("String must contain at most 5 character(s)", .tooLong(maximum: 5)),
        ("The length of 'Name' must be 5 characters or fewer. You entered 8 characters.", .tooLong(maximum: 5)),
        ("\"name\" length must be less than or equal to 5 characters long", .tooLong(maximum: 5)),
        ("The field Name must be a string or array type with a maximum length of '5'.", .tooLong(maximum: 5)),
        ("size must be between 0 and 5", .tooLong(maximum: 5)),
        ("too long", .tooLong(maximum: nil)),
        ("The password must be at least 8 characters.", .tooShort(minimum: 8)),
        ("is too short (minimum is 8 characters)", .tooShort(minimum: 8)),
        ("Ensure this field has at least 8 characters.", .tooShort(minimum: 8)),
        ("String should have at least 8 characters", .tooShort(minimum: 8)),
        ("The name must be between 2 and 50 characters.", .lengthBetween(minimum: 2, maximum: 50)),
        ("Ensure this value is less than or equal to 2.", .aboveMaximum(2)),
        ("Input should be less than or equal to 9", .aboveMaximum(9)),
        ("must be less than or equal to 2", .aboveMaximum(2)),
        ("The seats may not be greater than 2.", .aboveMaximum(2)),
        ("Ensure this value is greater than or equal to 1.", .belowMinimum(1)),
        ("The seats must be at least 1.", .belowMinimum(1)),
        ("The field Seats must be between 1 and 9.", .outsideRange(minimum: 1, maximum: 9)),
        ("Enter a valid email address.", .email),
        ("value is not a valid email address: An email address must have an @-sign.", .email),
        ("The email must be a valid email address.", .email),
        ("must be a well-formed email address", .email),
        ("Invalid email", .email),
        ("is not a number", .notANumber),
        ("A valid integer is required.", .notANumber),
        ("is invalid", .invalid),
        ("The code format is invalid.", .invalid),
        ("Invalid value", .invalid),
        ("String should match pattern '^[A-Z]+$'", .invalid),
        ("The password confirmation does not match.", .confirmation),
        ("doesn't match Password", .confirmation),
        ("'ConfirmPassword' and 'Password' do not match.", .confirmation),
    ])
    func aCommonPhraseIsRecognised(text: String, phrase: ServerPhrase) {
        #expect(ServerPhrase.recognise(text) == phrase, "\(text)")
    }

    @Test(arguments: ["bad.", "This address bounced. Use another one.", "Event full", "Duplicate guest"])
    func anUncommonPhraseIsNotGuessed(text: String) {
        #expect(ServerPhrase.recognise(text) == nil, "\(text)")
    }
}
