import Foundation
import Testing

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozReplies

/// Issue 36, the second newcomer: a Laravel reply with errors for guests that were never sent (guests.1 and guests.3
/// with no guest sent) was said as "El servidor no acepta este valor" twice on the guests field, and counted as two
/// errors for three. An error on an item that does not exist is said once, as a general error, and counted; the
/// count said is the number of errors said.
@Suite struct UnsentItemErrorTests {
    static let spanish = Localizer(language: .es)

    /// What the newcomer had typed: no guest, paid by card.
    static let submitted = FormValues([
        "evento": .text("taller-swift"), "nombre": .text("Gil Soto"), "correo": .text("gil@ejemplo.com"),
        "plazas": .number(1), "pago": .text("card"), "tarjeta": .text("4242424242424242"),
    ])

    /// The newcomer's server's reply, as Laravel shapes it.
    static let laravel =
        #"{"message":"The given data was invalid.","errors":{"guests.1.email":["The guests.1.email must be a valid "#
        + #"email address."],"guests.3.name":["bad."],"contact.name":["The Nombre de contacto may not be greater "#
        + #"than 5 characters."]}}"#

    static func failure(_ body: String, submitted: FormValues = submitted) throws -> SubmissionFailure {
        let form = try ServerPhraseTests.eventForm()
        let interpreter = ReplyInterpreter(form: form, localizer: spanish, submitted: submitted)
        let reply = HTTPReply(
            status: 422, headers: [HTTPHeader(name: "Content-Type", value: "application/json")], body: Data(body.utf8))
        guard case .failure(let failure) = interpreter.interpret(reply) else {
            Issue.record("not a failure")
            return SubmissionFailure(kind: .permanent, message: "")
        }
        return failure
    }

    static func occurrences(of part: String, in text: String) -> Int {
        text.components(separatedBy: part).count - 1
    }

    @Test func errorsOnGuestsNeverSentAreGeneralErrorsSaidOnceAndCounted() throws {
        let failure = try Self.failure(Self.laravel)
        // Only the field that exists holds an error; the guests field is not made to fail for guests it has not.
        #expect(failure.fieldErrors.map(\.fieldID) == ["nombre"], "\(failure.fieldErrors)")
        let email = "Invitados, correo: " + Self.spanish.text("server.phrase.email")
        let name = "Invitados, nombre: " + Self.spanish.text("server.field.invalid")
        #expect(Self.occurrences(of: email, in: failure.message) == 1, "\(failure.message)")
        #expect(Self.occurrences(of: name, in: failure.message) == 1, "\(failure.message)")
        #expect(Self.occurrences(of: Self.spanish.text("server.field.invalid"), in: failure.message) == 1)
        #expect(!failure.message.contains("Invitado 2") && !failure.message.contains("Invitado 4"))
        // Three errors said: the name's, and one for each guest that was never sent.
        #expect(failure.errorCount == 3)
        let report = ReplyReport(
            outcome: .failure(failure), form: try ServerPhraseTests.eventForm(), localizer: Self.spanish)
        #expect(report.spoken.contains(Self.spanish.plural("server.errorCount", count: 3)), "\(report.spoken)")
    }

    /// Two errors that read the same are said once, and counted once.
    @Test func twoErrorsThatReadTheSameAreSaidAndCountedOnce() throws {
        let body =
            #"{"errors":{"guests.2.email":["is invalid"],"guests.3.email":["is invalid"],"contact.name":["too long"]}}"#
        let failure = try Self.failure(body)
        let email = "Invitados, correo: " + Self.spanish.text("server.phrase.email")
        #expect(Self.occurrences(of: email, in: failure.message) == 1, "\(failure.message)")
        #expect(failure.errorCount == 2)
    }

    /// A field's second message is a second error heard, and counted.
    @Test func aFieldsSecondMessageIsCounted() throws {
        let body =
            #"{"errors":{"contact.name":["The contact.name must be at least 8 characters.","#
            + #""The contact.name format is invalid."]}}"#
        let failure = try Self.failure(body)
        #expect(failure.fieldErrors.count == 1)
        #expect(failure.errorCount == 2)
    }
}
