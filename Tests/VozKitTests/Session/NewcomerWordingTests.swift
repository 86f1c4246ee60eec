import Foundation
import Testing
import VozTestSupport
import VozTestTraits

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession

/// Issue 36, the second newcomer's wording (severity 3), on the event form: what was said wrong, now said right.
@Suite(.timeLimit(.minutes(1)), .ownThread) final class NewcomerWordingTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "voz-wording-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    static let spanish = Localizer(language: .es)

    private func run(_ form: Form, _ lines: [String], replies: [ScriptedTransport.Step]) async -> [String] {
        let printed = LineRecorder()
        let session = Session(
            form: form, localizer: Localizer(language: .es, overrides: form.messages),
            input: ScriptedLineSource(lines), announcer: Announcer(engine: nil, lines: printed),
            transport: ScriptedTransport(replies),
            options: SessionOptions(
                drafts: DraftStore(folder: folder.appendingPathComponent(UUID().uuidString).path), interactive: true,
                fingerprintCost: 1, clock: ManualClock()))
        _ = await session.run()
        return printed.lines
    }

    static func eventForm() throws -> Form {
        try FormFile.load(path: FormFixtures.examples.appendingPathComponent("inscribir-evento.json").path).form
    }

    /// Up to the payment method: the event, the contact, two seats, a tag, no guest, the vegetarian menu.
    static let eventStart = ["1", "Dora Sanz", "dora@ejemplo.com", "2", "", "voz", "", "no", "2"]
    static let byCard = eventStart + ["1", "4242 4242 4242 4242", "no", "sí", ":enviar", "sí"]

    // MARK: - A field never kept, named as one or as several

    /// Paying by card, only the card is to be typed again, said as one; the IBAN of the branch not taken is not.
    @Test func oneFieldNeverKeptIsSaidAsOne() async throws {
        let lines = await run(try Self.eventForm(), Self.byCard + [":salir"], replies: [.fail(.timedOut)])
        let retype = Self.spanish.plural("session.draft.retypeFields", count: 1, ["labels": "Número de tarjeta"])
        #expect(retype == "Número de tarjeta no se guarda: escríbelo otra vez, igual que antes.")
        let last = try #require(lines.last)
        #expect(last.hasSuffix(" " + retype), "\(lines)")
        #expect(!last.contains("IBAN"), "\(last)")
    }

    /// Two fields never kept are said as two, joined with "y", in the plural.
    @Test func severalFieldsNeverKeptAreSaidAsSeveral() async throws {
        let text = #"""
            {"id": "pago", "title": "Pago", "locale": "es",
             "fields": [
              {"id": "tarjeta", "label": "Número de tarjeta", "required": true, "purpose": "cc-number"},
              {"id": "iban", "label": "IBAN", "required": true, "purpose": "iban"}
             ],
             "submit": {"label": "Pagar", "url": "http://127.0.0.1:9/pago"}}
            """#
        let form = try FormFile.decode(data: Data(text.utf8), path: "pago.json").form
        let lines = await run(
            form, ["4242 4242 4242 4242", "ES91 2100 0418 4502 0005 1332", ":enviar", ":salir"],
            replies: [.fail(.timedOut)])
        let retype = "Número de tarjeta y IBAN no se guardan: escríbelos otra vez, igual que antes."
        #expect(lines.last?.hasSuffix(" " + retype) == true, "\(lines)")
    }

    /// Every language has the two forms, and they differ: one field is never said as several, nor several as one.
    @Test(arguments: Language.allCases)
    func theSentenceHasASingularAndAPlural(language: Language) {
        let localizer = Localizer(language: language)
        let one = localizer.plural("session.draft.retypeFields", count: 1, ["labels": "A"])
        let two = localizer.plural("session.draft.retypeFields", count: 2, ["labels": "A, B"])
        #expect(one.hasPrefix("A ") && two.hasPrefix("A, B "), "\(one) / \(two)")
        #expect(one.dropFirst(2) != two.dropFirst(5), "\(language): \(one) / \(two)")
    }

    // MARK: - A guest's e-mail is not "yours"

    @Test func aGuestsMissingEmailIsAskedByTheMembersLabel() async throws {
        let start = Array(Self.eventStart.prefix(7))
        let lines = await run(try Self.eventForm(), start + ["sí", "Leo Gil", "", ":salir"], replies: [])
        let refusal = try #require(lines.first { $0.contains("es obligatorio") }, "\(lines)")
        #expect(refusal.contains("Escribe su correo."), "\(refusal)")
        #expect(!refusal.contains("tu dirección"), "\(refusal)")
    }

    /// The person's own e-mail is still "tu dirección de correo".
    @Test func thePersonsOwnEmailIsStillTheirs() throws {
        let form = try Self.eventForm()
        let own = try #require(form.field(id: "correo"))
        do {
            _ = try FieldValidator(localizer: Self.spanish).parse("", for: own)
            Issue.record("an empty required e-mail was taken")
        } catch {
            #expect(error.detail.hasPrefix(Self.spanish.text("validation.required.email")))
        }
    }

    // MARK: - The count said is the errors said

    @Test func theCountSaidIsTheNumberOfErrorsSaid() async throws {
        let lines = await run(
            try Self.eventForm(), Self.byCard + [":salir"],
            replies: [.reply(status: 422, body: UnsentItemErrorTests.laravel)])
        let failed = try #require(lines.first { $0.hasPrefix("No se ha podido hacer la inscripción.") }, "\(lines)")
        #expect(failed.hasSuffix(Self.spanish.plural("server.errorCount", count: 3)), "\(failed)")
        #expect(failed.contains("Invitados, correo:") && failed.contains("Invitados, nombre:"), "\(failed)")
        #expect(!failed.contains("bad") && !failed.contains("must be"), "\(failed)")
    }

    // MARK: - An IBAN is checked

    @Test func anIBANOfOneDigitIsRefusedAndSaysWhy() async throws {
        let lines = await run(
            try Self.eventForm(), Self.eventStart + ["2", "1", "ES91 2100 0418 4502 0005 1332", "no", "sí", ":salir"],
            replies: [])
        let shape = Self.spanish.text("validation.iban.shape")
        let refusal = try #require(lines.first { $0.contains(shape) }, "\(lines)")
        #expect(refusal.hasPrefix("IBAN: "), "\(refusal)")
        // The good one is taken: the next question is the newsletter's.
        #expect(lines.contains { $0.contains("¿Quieres recibir el boletín?") }, "\(lines)")
    }
}
