import Foundation
import Synchronization
import Testing
import VozTestSupport
import VozTestTraits

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession
@testable import VozSpeech

/// A newcomer's afternoon on the event form (issue 36, the report of 2026-12-07): the sending, draft and pause
/// paths it broke, each shrunk to a run of the library with scripted lines and a scripted server.
@Suite(.timeLimit(.minutes(1)), .ownThread) final class SessionNewcomerTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "voz-newcomer-\(UUID().uuidString)")

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The event form's shape: an optional field before the card, a group, a card number, a review.
    static let form: Form = {
        let text = #"""
            {"id": "evento", "title": "Evento", "locale": "es",
             "fields": [
              {"id": "nombre", "label": "Nombre", "required": true},
              {"id": "donativo", "label": "Donativo", "kind": "number"},
              {"id": "invitados", "label": "Invitados", "kind": "group", "itemLabel": "Invitado",
               "rules": {"maxItems": 2},
               "fields": [{"id": "nombre", "label": "nombre", "required": true},
                          {"id": "correo", "label": "correo", "kind": "email", "required": true}]},
              {"id": "tarjeta", "label": "Número de tarjeta", "required": true, "purpose": "cc-number",
               "hint": "Los 16 dígitos, con o sin espacios."}
             ],
             "submit": {"label": "Inscribirme", "url": "http://127.0.0.1:9/evento", "review": true}}
            """#
        return (try? FormFile.decode(data: Data(text.utf8), path: "evento.json").form)
            ?? Form(
                id: "broken", title: "broken", fields: [], submit: SubmitSpec(label: "x", url: literalURL("http://x")))
    }()

    static let spanish = Localizer(language: .es)
    /// Every field answered, the card typed with spaces, and the review's yes.
    static let answers = ["Ana", "", "no", "5555 5555 5555 4445", ":enviar", "sí"]

    private var drafts: DraftStore { DraftStore(folder: folder.path).scoped(to: Self.form.submit) }

    private func run(
        _ lines: [String], interactive: Bool, replies: [ScriptedTransport.Step]
    ) async -> (lines: [String], keys: [String?], session: Session) {
        let transport = ScriptedTransport(replies)
        let printed = LineRecorder()
        let session = Session(
            form: Self.form, localizer: Self.spanish, input: ScriptedLineSource(lines),
            announcer: Announcer(engine: nil, lines: printed), transport: transport,
            options: SessionOptions(drafts: drafts, interactive: interactive, fingerprintCost: 1, clock: ManualClock()))
        _ = await session.run()
        return (printed.lines, transport.keys(), session)
    }

    /// A first run whose send timed out: the draft holds the answers and one pending attempt; its key.
    private func timedOut() async throws -> String {
        _ = await run(Self.answers, interactive: false, replies: [.fail(.timedOut)])
        return try #require(drafts.load(formID: "evento")?.pendingAttempts.first?.key.value)
    }

    // MARK: - Item 3: one card, one payload

    /// The card typed with spaces, then, after a restore, without them: the same card, the same request, the same
    /// key; and the success ends the unanswered send (item 8).
    @Test func aCardRetypedWithoutSpacesIsTheSameSend() async throws {
        let kept = try await timedOut()
        let (lines, keys, _) = await run(
            ["sí", "5555555555554445", ":enviar", "sí"], interactive: true, replies: [.reply(status: 201)])
        #expect(keys == [kept], "\(lines)")
        #expect(!lines.contains(Self.spanish.plural("submission.earlierAttemptKept", count: 1)))
        #expect(drafts.load(formID: "evento") == nil, "settled: nothing pending, nothing kept")
    }

    @Test(arguments: ["5555 5555 5555 4444", "5555-5555-5555-4444", " 5555555555554444 "])
    func aCardNumberIsSentAsItsDigits(typed: String) throws {
        let card = try #require(Self.form.field(id: "tarjeta"))
        let value = try FieldValidator(localizer: Self.spanish).parse(typed, for: card)
        #expect(value == .text("5555555555554444"))
    }

    /// The second newcomer, N2: an IBAN retyped in groups after a restore went under a new key. Its one spelling is
    /// sent, whether the field is marked `iban` or is plain text holding one by its shape.
    @Test(arguments: ["ES76 2077 0024 0031 0257 5766", "es7620770024003102575766", "ES76-2077-0024-0031-0257-5766"])
    func anIBANIsSentInItsOneSpelling(typed: String) throws {
        let validator = FieldValidator(localizer: Self.spanish)
        let marked = Field(id: "iban", label: "IBAN", kind: .text, purpose: "iban")
        #expect(try validator.parse(typed, for: marked) == .text("ES7620770024003102575766"))
        let plain = Field(id: "cuenta", label: "Cuenta", kind: .text)
        #expect(try validator.parse(typed, for: plain) == .text("ES7620770024003102575766"))
        // Not an IBAN (its check digits are wrong): kept as typed.
        #expect(try validator.parse("ES00 2077 0024", for: plain) == .text("ES00 2077 0024"))
    }

    /// Other data than the unanswered send's: the warning is the start of the review question, while the person
    /// can still say no; "no" sends nothing, and the warning is not said again in the run.
    @Test func theWarningAboutOtherDataComesBeforeTheLastYes() async throws {
        _ = try await timedOut()
        let warning = Self.spanish.plural("submission.earlierAttemptKept", count: 1)
        let confirm = Self.spanish.text("session.confirmSend", ["label": "Inscribirme"])
        let (lines, keys, _) = await run(
            ["sí", "4111 1111 1111 1111", ":enviar", "no", ":enviar", "sí"], interactive: true,
            replies: [.reply(status: 201)])
        let asked = try #require(lines.firstIndex(of: warning + " " + confirm), "\(lines)")
        #expect(lines[(asked + 1)...].contains(Self.spanish.text("session.sendDeclined")))
        #expect(lines.filter { $0.contains(warning) }.count == 1, "once a run: \(lines)")
        #expect(lines.contains(confirm), "the second time, the question alone")
        #expect(keys.count == 1)
    }

    // MARK: - Item 8: an unanswered send can be let go

    @Test func anUnansweredSendCanBeDiscardedAfterHearingWhatItMeans() async throws {
        let kept = try await timedOut()
        let offer = Self.spanish.plural("session.draft.discardOffer", count: 1, ["command": ":descartar"])
        let (lines, keys, _) = await run(
            [":descartar", "sí", "5555 5555 5555 4445", ":enviar", "sí"], interactive: true,
            replies: [.reply(status: 201)])
        let question = try #require(lines.first { $0.contains("¿Lo recupero?") })
        #expect(question.contains(offer), "offered, with what it means: \(question)")
        let done = try #require(lines.firstIndex(of: Self.spanish.plural("session.discard.done", count: 1)))
        // Asked again, without the send it no longer speaks of.
        #expect(lines[done + 1] == Self.spanish.plural("session.draft.offer", count: 1), "\(lines)")
        #expect(keys.count == 1 && keys.first != kept, "the same data, now a new send")
        #expect(drafts.load(formID: "evento") == nil)
    }

    @Test func discardingWithNothingPendingSaysSo() async throws {
        let (lines, _, _) = await run(["Ana", ":descartar"], interactive: true, replies: [])
        let nothing = try #require(lines.firstIndex(of: Self.spanish.text("session.discard.nothing")), "\(lines)")
        #expect(lines[nothing + 1].hasPrefix("Campo 2 de 4. Donativo"), "\(lines)")
    }

    // MARK: - Item 11: leaving and coming back after a timeout

    @Test func leavingAfterATimeoutSaysTheDraftIsKeptAndWhatMustBeTypedAgain() async throws {
        let (lines, _, _) = await run(Self.answers + [":salir"], interactive: false, replies: [.fail(.timedOut)])
        let retype = Self.spanish.plural("session.draft.retypeFields", count: 1, ["labels": "Número de tarjeta"])
        #expect(lines.last == Self.spanish.text("session.quit.unknown") + " " + retype)
    }

    /// The restore goes to the card, never kept, not to the optional donation left empty on purpose.
    @Test func theRestoreGoesOnAtTheFieldThatNeedsThePerson() async throws {
        _ = try await timedOut()
        let (lines, _, _) = await run(["sí"], interactive: true, replies: [])
        let restored = try #require(lines.firstIndex { $0.hasPrefix("Borrador recuperado") }, "\(lines)")
        #expect(lines[restored + 1].hasPrefix("Campo 4 de 4. Número de tarjeta"), "\(lines)")
    }

    /// A required field whose kept answer no longer reads is asked again, though the draft says it was asked.
    @Test func aRequiredFieldWithoutAValueIsAskedAgainAfterARestore() async throws {
        try drafts.save(
            Draft(
                formID: "evento", answers: ["nombre": "  ", "donativo": "5"], savedAt: 0,
                askedFields: ["nombre", "donativo"]))
        let (lines, _, _) = await run(["sí"], interactive: true, replies: [])
        let restored = try #require(lines.firstIndex { $0.hasPrefix("Borrador recuperado") }, "\(lines)")
        #expect(lines[restored + 1].hasPrefix("Campo 1 de 4. Nombre"), "\(lines)")
    }

    // MARK: - Item 5: a half-entered guest

    @Test(arguments: [":salir", MarkedLines.interrupt])
    func aHalfEnteredGuestIsKeptAndAskedWhereItStopped(leaving: String) async throws {
        let printed = LineRecorder()
        let source = MarkedLines(["Ana", "", "sí", "Carlos Díaz", leaving], printed: printed)
        let session = Session(
            form: Self.form, localizer: Self.spanish, input: source,
            announcer: Announcer(engine: nil, lines: printed), transport: ScriptedTransport([]),
            options: SessionOptions(drafts: drafts, interactive: true, fingerprintCost: 1, clock: ManualClock()))
        source.attach(session)
        _ = await session.run()
        #expect(drafts.load(formID: "evento")?.unfinishedItem?.typed == ["nombre": "Carlos Díaz"])

        let (lines, keys, _) = await run(
            ["sí", "carlos@ejemplo.com", "no", "5555 5555 5555 4445", ":enviar", "sí"], interactive: true,
            replies: [.reply(status: 201)])
        let restored = try #require(lines.firstIndex { $0.hasPrefix("Borrador recuperado") }, "\(lines)")
        #expect(lines[restored + 1].hasPrefix("Campo 3 de 4. Invitados"), "\(lines)")
        #expect(lines[restored + 1].contains(": correo, obligatorio"), "\(lines)")
        #expect(keys.count == 1)
    }

    // MARK: - Item 4: a correction typed during a send that succeeds

    @Test func aCorrectionTypedDuringASuccessfulSendIsSaidNotSent() async throws {
        let printed = LineRecorder()
        let typed = TypedLineSource(
            SessionTests.answers.map(TypedLineSource.Step.line) + [
                .line(":enviar"), .after("Enviando", then: ":ir 2"), .line("otra@example.com"),
            ], hearing: printed)
        let scripted = ScriptedTransport([.reply(status: 201, body: #"{"id":"7"}"#)])
        let session = Session(
            form: SessionTests.form, localizer: Self.spanish, input: typed,
            announcer: Announcer(engine: nil, lines: printed),
            transport: ReplyAfterInputEnds(inner: scripted, end: typed.ended),
            options: SessionOptions(clock: ManualClock()))
        let result = await session.run()
        guard case .completed = result else {
            Issue.record("expected completion, heard \(printed.lines)")
            return
        }
        let unsent = Self.spanish.text("session.deferred.unsent", ["labels": "Correo"])
        #expect(printed.lines.last?.hasSuffix(unsent) == true, "\(printed.lines.suffix(3))")
        let body = String(decoding: scripted.requests.first?.body ?? Data(), as: UTF8.self)
        #expect(body.contains("ana@example.com") && !body.contains("otra@example.com"))
        #expect(await session.unsentValues["email"] == .text("otra@example.com"), "kept for the outcome")
        #expect(await session.values["email"] == .text("ana@example.com"), "the answers as they were sent")
    }

    // MARK: - Item 13: a refused line of several list values

    @Test func aRefusedLineOfListValuesSaysNoneWasAddedAndWhatToType() async throws {
        let text = #"""
            {"id": "temas", "title": "Temas", "locale": "es",
             "fields": [{"id": "temas", "label": "Temas", "kind": "list",
                         "rules": {"maxItems": 5, "uniqueItems": true}}],
             "submit": {"label": "Enviar", "url": "http://127.0.0.1:9/temas"}}
            """#
        let form = try FormFile.decode(data: Data(text.utf8), path: "temas.json").form
        let printed = LineRecorder()
        let session = Session(
            form: form, localizer: Self.spanish, input: ScriptedLineSource(["a, b, c, d, e, f", "voz, voz"]),
            announcer: Announcer(engine: nil, lines: printed), transport: ScriptedTransport([]),
            options: SessionOptions(clock: ManualClock()))
        _ = await session.run()
        let note = Self.spanish.text("session.list.lineRefused")
        let refusals = printed.lines.filter { $0.hasPrefix("Temas:") }
        #expect(refusals.count == 2, "\(printed.lines)")
        #expect(refusals.allSatisfy { $0.hasSuffix(note) }, "\(refusals)")
        #expect(await session.values["temas"] == nil, "nothing of either line was added")
    }

    // MARK: - Item 14: --set given now and a restored draft

    @Test func anAnswerGivenWithSetWinsOverTheRestoredDraftAndItIsSaid() async throws {
        try drafts.save(Draft(formID: "evento", answers: ["nombre": "Ana", "donativo": "5"], savedAt: 0))
        let transport = ScriptedTransport([.reply(status: 201)])
        let printed = LineRecorder()
        let session = Session(
            form: Self.form, localizer: Self.spanish,
            input: ScriptedLineSource(["sí", "no", "5555 5555 5555 4445", ":enviar", "sí"]),
            announcer: Announcer(engine: nil, lines: printed), transport: transport,
            options: SessionOptions(
                presetAnswers: ["nombre": "Eva"], drafts: drafts, interactive: true, fingerprintCost: 1,
                clock: ManualClock()))
        _ = await session.run()
        let wins = Self.spanish.text("session.draft.presetWins", ["labels": "Nombre"])
        #expect(
            printed.lines.contains { $0.hasPrefix("Borrador recuperado") && $0.hasSuffix(wins) }, "\(printed.lines)")
        let body = String(decoding: transport.requests.first?.body ?? Data(), as: UTF8.self)
        #expect(body.contains(#""nombre":"Eva""#) && body.contains(#""donativo":5"#), "\(body)")
    }

    /// A line typed at the button during a send that then fails: noted, then said as what it was, not as a stray
    /// line at the button.
    @Test func aLineTypedAtTheButtonDuringAFailedSendIsSaidAsSuch() async throws {
        let printed = LineRecorder()
        let typed = TypedLineSource(
            SessionTests.answers.map(TypedLineSource.Step.line) + [
                .line(":enviar"), .after("Enviando", then: "una nota"),
            ], hearing: printed)
        let scripted = ScriptedTransport([.fail(.timedOut)])
        let session = Session(
            form: SessionTests.form, localizer: Self.spanish, input: typed,
            announcer: Announcer(engine: nil, lines: printed),
            transport: ReplyAfterInputEnds(inner: scripted, end: typed.ended),
            options: SessionOptions(clock: ManualClock()))
        _ = await session.run()
        let onSubmit = Self.spanish.text("session.onSubmit", ["command": ":enviar"])
        let said = Self.spanish.text("session.deferred.noField") + " " + onSubmit
        #expect(printed.lines.contains(said), "\(printed.lines.suffix(4))")
    }

    // MARK: - Item 6: Ctrl-Z, then fg

    /// After `fg` the half-typed line is gone; the question is asked again, saying so, whatever the prompt.
    @Test(arguments: [
        (["Ana", ""], "¿Añadir invitado"), (["Ana", "", "sí"], ": nombre, obligatorio"),
        (["Ana", "", "no"], "Campo 4 de 4. Número de tarjeta"),
        (["Ana", "", "no", "5555 5555 5555 4445", ":enviar"], "¿Envío el formulario"),
    ])
    func aContinueAfterAStopAsksTheQuestionAgain(before: [String], question: String) async throws {
        let printed = LineRecorder()
        let source = ResumingLines(before, printed: printed)
        let session = Session(
            form: Self.form, localizer: Self.spanish, input: source,
            announcer: Announcer(engine: nil, lines: printed), transport: ScriptedTransport([]),
            options: SessionOptions(clock: ManualClock()))
        source.session.withLock { $0 = session }
        _ = await session.run()
        let lines = printed.lines
        let resumed = try #require(lines.firstIndex(of: Self.spanish.text("session.resumed")), "\(lines)")
        #expect(lines[resumed + 1].contains(question), "\(lines)")
        #expect(lines[resumed - 1].contains(question), "the same question as before the stop: \(lines)")
    }
}

/// Lines typed, then a stop and a continue (Ctrl-Z, `fg`) at the next prompt, then the end of input once the
/// session has said what it says after a continue.
final class ResumingLines: LineSource {
    let session = Mutex<Session?>(nil)
    private let lines: Mutex<[String]>
    private let printed: LineRecorder
    private let continued = Mutex(false)

    init(_ lines: [String], printed: LineRecorder) {
        self.lines = Mutex(lines)
        self.printed = printed
    }

    func readLine(secret: Bool) async -> String? {
        if let line = lines.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return line }
        guard !continued.withLock({ $0 }) else { return nil }
        continued.withLock { $0 = true }
        let count = printed.lines.count
        session.withLock { $0 }?.resumed()
        for _ in 0..<500 where printed.lines.count < count + 2 {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }
}
