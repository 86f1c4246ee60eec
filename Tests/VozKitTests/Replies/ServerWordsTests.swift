import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozReplies

/// Issue 36, the newcomer's item 12: the replies their server sent to the event form (evidence r1, r2, r4 and the
/// Laravel and DRF bodies of srv.py), byte for byte. No exception name or database text is said, a field's path is
/// said as its label, an item that was not sent is not named, and a message in English on a Spanish form is said in
/// Voz's own words (the second newcomer: never the English itself).
@Suite struct ServerWordsTests {
    static let localizer = Localizer(language: .es)

    static func eventForm() throws -> Form {
        try FormFile.load(path: FormFixtures.examples.appendingPathComponent("inscribir-evento.json").path).form
    }

    /// Two guests, paid by card: what the newcomer had typed.
    static let submitted = FormValues([
        "evento": .text("1"), "nombre": .text("Dora Sanz"), "correo": .text("dora@ejemplo.com"), "plazas": .number(2),
        "invitados": .group([
            GroupItem(values: ["nombre": .text("Luis Gil"), "correo": .text("luis@ejemplo.com")]),
            GroupItem(values: ["nombre": .text("Marta Ruiz"), "correo": .text("marta@ejemplo.com")]),
        ]),
        "pago": .text("card"), "tarjeta": .text("4242 4242 4242 4242"),
    ])

    /// What is said of `body` answered with `status`: the opening line and each field's error by id.
    static func said(_ status: Int, _ body: String) throws -> (message: String, fields: [String: String]) {
        let interpreter = ReplyInterpreter(form: try eventForm(), localizer: localizer, submitted: submitted)
        let reply = HTTPReply(
            status: status, headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
            body: Data(body.utf8))
        guard case .failure(let failure) = interpreter.interpret(reply) else {
            Issue.record("not a failure")
            return ("", [:])
        }
        return (failure.message, Dictionary(uniqueKeysWithValues: failure.fieldErrors.map { ($0.fieldID, $0.message) }))
    }

    static let invalid = "El servidor no acepta este valor. Revísalo."

    @Test func aDatabaseErrorIsNeverSaid() throws {
        let body =
            #"{"error":"IntegrityError: duplicate key value violates unique constraint \"registrations_email_key\""}"#
        let (message, _) = try Self.said(409, body)
        #expect(message == Self.localizer.text("server.conflict"), "\(message)")
    }

    @Test(arguments: [
        "TypeError: Cannot read properties of undefined (reading 'id')",
        "QueryException: SQLSTATE[23000]", "UNIQUE constraint failed: registrations.email",
        "Duplicate entry 'ana@ejemplo.com' for key 'registrations_email_unique'",
        "ERROR: insert or update on table \"guests\" violates foreign key constraint \"guests_event_fk\"",
        "relation \"registrations\" does not exist", "ORA-00001: unique constraint (APP.PK) violated",
        "at Object.<anonymous> (/app/server.js:12:7)", "File \"/app/views.py\", line 3, in register",
    ])
    func serverWordingForDevelopersIsTechnical(text: String) {
        #expect(ServerText.human(text) == nil, "\(text)")
    }

    @Test func aLaravelAttributePathIsSaidAsTheLabel() throws {
        let body =
            #"{"message":"The given data was invalid.","errors":{"guests.0.email":["The guests.0.email must be a valid "#
            + #"email address."],"seats":["The seats may not be greater than 2."]}}"#
        let (_, fields) = try Self.said(422, body)
        let guests = try #require(fields["invitados"])
        #expect(!guests.contains("guests.0"), "\(guests)")
        #expect(guests == "Invitado 1, correo: " + Self.localizer.text("server.phrase.email"), "\(guests)")
    }

    @Test func anObjectOfSeveralFieldsIsSaidByTheirLabels() throws {
        let body =
            #"{"detail":[{"loc":["body","guests",0],"msg":"Duplicate guest","type":"value_error"},{"loc":["body","#
            + #""contact"],"msg":"Contact incomplete","type":"x"},{"loc":["path","evento"],"msg":"Event full","type":"x"}]}"#
        let (message, _) = try Self.said(422, body)
        #expect(!message.contains("contact:"), "\(message)")
        // "Contact incomplete" is no phrase Voz knows: the general sentence, and the English only in the log.
        #expect(message.contains("Nombre de contacto y Correo de contacto: \(Self.invalid)"), "\(message)")
        #expect(!message.contains("Contact incomplete"), "\(message)")
    }

    @Test func anItemThatWasNotSentIsNotNamed() throws {
        let body =
            #"{"payment":{"iban":["IBAN no válido"]},"guests":{"3":{"email":["bad"]}},"tags":{"1":["too long"]}}"#
        let (message, fields) = try Self.said(422, body)
        // Said once, as a general error: there is no fourth guest to correct.
        #expect(fields["invitados"] == nil, "\(fields)")
        #expect(!message.contains("Invitado 4"), "\(message)")
        #expect(message.contains("Invitados, correo: \(Self.invalid)"), "\(message)")
    }

    @Test func aMessageInEnglishIsSaidInVozsWords() throws {
        let body =
            #"{"guests":[{"email":["Enter a valid email address."]}],"contact":{"email":["This field must be unique."]}}"#
        let (_, fields) = try Self.said(400, body)
        #expect(fields["correo"] == Self.localizer.text("server.phrase.taken"))
        #expect(fields["invitados"] == "Invitado 1, correo: " + Self.localizer.text("server.phrase.email"))
        // A message in the form's language is said alone.
        let spanish = #"{"contact":{"email":["Ya existe una inscripción con ese correo. Escribe otro correo."]}}"#
        #expect(
            try Self.said(422, spanish).fields["correo"]
                == "Ya existe una inscripción con ese correo. Escribe otro correo.")
    }
}
