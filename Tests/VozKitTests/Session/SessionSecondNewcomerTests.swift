import Foundation
import Synchronization
import Testing
import VozTestSupport
import VozTestTraits

@testable import VozAudit
@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession
@testable import VozSpeech
@testable import VozTranscript

/// The second newcomer's afternoon (issue 36, report of 2026-12-08): what was typed while Voz waited or sent, the
/// failures after a 422 with lines queued, a half-entered guest in the review, and what leaving and a 502 said.
@Suite(.timeLimit(.minutes(1)), .ownThread) struct SessionSecondNewcomerTests {
    static let spanish = Localizer(language: .es)
    static let busy = [HTTPHeader(name: "Retry-After", value: "30")]

    private static func session(
        _ form: Form = SessionTests.form, input: any LineSource, printed: LineRecorder, transport: any Transport,
        transcript: TranscriptWriter? = nil, drafts: DraftStore? = nil
    ) -> Session {
        Session(
            form: form, localizer: spanish, input: input,
            announcer: Announcer(engine: nil, lines: printed, transcript: transcript), transport: transport,
            options: SessionOptions(drafts: drafts, fingerprintCost: 1, clock: ManualClock()))
    }

    private static func body(_ request: SubmissionRequest?) -> String {
        String(decoding: request?.body ?? Data(), as: UTF8.self)
    }

    // MARK: - N5: a change typed while a retry waits out Retry-After

    /// Nothing has left during the wait: the change runs at once, calls the retry off and says so (never "this send
    /// already left without it"); the retry never goes, and `:enviar` sends the new data under a new key.
    @Test func aChangeDuringARetryAfterWaitCallsTheRetryOffAndGoesWithTheNextSend() async throws {
        let printed = LineRecorder()
        let typed = TypedLineSource(
            SessionTests.answers.map(TypedLineSource.Step.line) + [
                .line(":enviar"), .after("Puedes reintentar en 30 segundos", then: ":reintentar"),
                .after("Reintentando en", then: ":ir 1"), .line("Eva"), .line(":enviar"),
            ], hearing: printed)
        let transport = ScriptedTransport([
            .reply(status: 503, headers: Self.busy), .reply(status: 201, body: #"{"id":"7"}"#),
        ])
        let result = await Self.session(input: typed, printed: printed, transport: transport).run()

        guard case .completed = result else {
            Issue.record("the corrected send should complete: \(printed.lines)")
            return
        }
        let lines = printed.lines
        #expect(!lines.contains(Self.spanish.text("session.deferred")), "nothing had left: \(lines)")
        let calledOff = Self.spanish.text("session.retryCalledOff", ["command": ":enviar"])
        let said = try #require(lines.firstIndex(of: calledOff), "\(lines)")
        #expect(lines[said + 1] == "Botón Crear cuenta. Escribe :enviar para enviar.", "then the button: \(lines)")
        #expect(transport.requests.count == 2, "the called-off retry never left")
        #expect(Self.body(transport.requests.last).contains(#""name":"Eva""#))
        let keys = transport.keys()
        #expect(keys.count == 2 && keys[0] != keys[1], "other data, another key: \(keys)")
        #expect(!lines.contains { $0.contains("no se envió") }, "the change went: \(lines.suffix(3))")
    }

    /// Lines typed during the send that failed run after it in order: the `:reintentar` among them begins the wait,
    /// and the change after it runs at once and calls the retry off, rather than waiting for the retry to carry
    /// the old data (an answers file types everything at once).
    @Test func linesQueuedBehindARetryRunDuringItsWait() async throws {
        let printed = LineRecorder()
        let typed = TypedLineSource(
            SessionTests.answers.map(TypedLineSource.Step.line) + [
                .line(":enviar"), .after("Enviando", then: ":reintentar"), .line(":ir 2"), .line("otra@example.com"),
                .line(":enviar"),
            ], hearing: printed)
        let scripted = ScriptedTransport([
            .reply(status: 503, headers: Self.busy), .reply(status: 201, body: #"{"id":"7"}"#),
        ])
        let result = await Self.session(
            input: typed, printed: printed, transport: ReplyAfterInputEnds(inner: scripted, end: typed.ended)
        ).run()
        guard case .completed = result else {
            Issue.record("the corrected send should complete: \(printed.lines)")
            return
        }
        #expect(printed.lines.contains(Self.spanish.text("session.retryCalledOff", ["command": ":enviar"])))
        #expect(scripted.requests.count == 2)
        #expect(Self.body(scripted.requests.last).contains("otra@example.com"))
    }

    /// While the retry waits, the button, `:donde` and `:enviar` say what is true (a retry leaves in so long, and
    /// how to call it off), not "unavailable while sending"; `:cancelar` calls it off.
    @Test func whileARetryWaitsEveryStateSaidIsTrue() async throws {
        let printed = LineRecorder()
        let typed = TypedLineSource(
            SessionTests.answers.map(TypedLineSource.Step.line) + [
                .line(":enviar"), .after("Puedes reintentar en 30 segundos", then: ":reintentar"),
                .after("Reintentando en", then: ":donde"), .line(":enviar"), .line(":cancelar"),
            ], hearing: printed)
        let transport = ScriptedTransport([.reply(status: 503, headers: Self.busy)])
        _ = await Self.session(input: typed, printed: printed, transport: transport).run()

        let lines = printed.lines
        let state = Self.spanish.text(
            "session.state.retryWaiting", ["state": "el último envío falló", "time": "30 segundos"])
        #expect(lines.contains("Botón Crear cuenta. Estado: \(state)."), "\(lines)")
        let button =
            "Botón Crear cuenta. Un reintento con los mismos datos sale en 30 segundos; escribe :cancelar para anularlo."
        #expect(lines.contains(button), "\(lines)")
        #expect(
            lines.contains(
                Self.spanish.text("session.retryWaiting", ["time": "30 segundos", "command": ":cancelar"])),
            "\(lines)")
        #expect(!lines.contains { $0.contains("mientras se envía") }, "nothing is being sent: \(lines)")
        #expect(lines.contains(Self.spanish.text("submission.retryCancelled")), "\(lines)")
        #expect(!lines.contains(Self.spanish.text("session.nothingToCancel")), "\(lines)")
        #expect(transport.requests.count == 1)
    }

    /// The same through the real transport against a real server, where the wait is real: the change typed while
    /// the server's seconds pass is not carried by a retry of the old data under the old key, even after the time
    /// the retry would have left (a wait of a few seconds, so a loaded machine still types the change inside it).
    @Test func aChangeDuringARealRetryAfterWaitNeverLeavesAsTheOldRetry() async throws {
        let first = Mutex(true)
        let busyOnce = try LoopbackHTTPServer { _ in
            let isFirst = first.withLock { was in
                defer { was = false }
                return was
            }
            return isFirst
                ? .reply(status: 503, headers: [HTTPHeader(name: "Retry-After", value: "4")])
                : .reply(status: 201, headers: [HTTPHeader(name: "Content-Type", value: "application/json")])
        }
        defer { busyOnce.stop() }
        let form = Form(
            id: "cuenta", title: "Cuenta", locale: "es",
            fields: [Field(id: "name", label: "Nombre", required: true), Field(id: "coupon", label: "Cupón")],
            submit: SubmitSpec(label: "Crear cuenta", url: busyOnce.url("/cuentas")))
        let printed = LineRecorder()
        let typed = PausingLines(
            [
                .line("Ana"), .line(""), .line(":enviar"), .after("Puedes reintentar en 4 segundos", ":reintentar"),
                .after("Reintentando en", ":ir 1"), .line("Eva"), .pause(.milliseconds(4_800)), .line(":enviar"),
            ], printed: printed)
        let session = Session(
            form: form, localizer: Self.spanish, input: typed,
            announcer: Announcer(engine: nil, lines: printed), transport: CurlTransport(),
            options: SessionOptions(fingerprintCost: 1))
        let result = await session.run()

        guard case .completed = result else {
            Issue.record("the corrected send should complete: \(printed.lines)")
            return
        }
        let requests = busyOnce.requests
        #expect(requests.count == 2, "the first send and the corrected one: \(printed.lines)")
        #expect(requests.last.map { String(decoding: $0.body, as: UTF8.self) }?.contains("Eva") == true)
        #expect(requests.first?.header("Idempotency-Key") != requests.last?.header("Idempotency-Key"))
    }

    // MARK: - N5: lines typed during a send

    /// Each line typed during a send is acknowledged as it comes and recorded as typed, at the field it would have
    /// answered: a password typed ahead stays hidden; the transcript passes Voz's own audit; the change is said.
    @Test func everyLineTypedDuringASendIsAcknowledgedAndRecorded() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-ahead-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("run.jsonl").path
        let transcript = try TranscriptWriter(path: path)
        let printed = LineRecorder()
        let typed = TypedLineSource(
            SessionTests.answers.map(TypedLineSource.Step.line) + [
                .line(":enviar"), .after("Enviando", then: ":ir 2"), .line("otra@example.com"), .line(":ir 3"),
                .line("clave-nueva-secreta"), .line("una nota"),
            ], hearing: printed)
        let scripted = ScriptedTransport([.reply(status: 201, body: #"{"id":"7"}"#)])
        let result = await Self.session(
            input: typed, printed: printed, transport: ReplyAfterInputEnds(inner: scripted, end: typed.ended),
            transcript: transcript
        ).run()
        transcript.close()
        guard case .completed = result else {
            Issue.record("expected completion, heard \(printed.lines)")
            return
        }
        let lines = printed.lines
        #expect(lines.filter { $0 == Self.spanish.text("session.deferred") }.count == 1, "\(lines)")
        for count in 2...5 {
            #expect(lines.contains(Self.spanish.plural("session.deferred.more", count: count)), "\(lines)")
        }
        let unsent = Self.spanish.text("session.deferred.unsent", ["labels": "Correo, Clave"])
        #expect(lines.last?.hasSuffix(unsent) == true, "\(lines.suffix(2))")

        let events = try TranscriptReader.read(path: path)
        let inputs = events.filter { $0.kind == .input && $0.state == .sending }
        #expect(inputs.map(\.text) == [":ir 2", "otra@example.com", ":ir 3", "hidden", "una nota"], "\(inputs)")
        #expect(inputs.map(\.focus) == ["submit", "email", "submit", "password", "submit"], "\(inputs)")
        #expect(!String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self).contains("nueva"))
        let audit = Auditor.audit(
            forms: [], transcripts: [Transcript(path: path, events: events, form: SessionTests.form)])
        #expect(audit.violations.isEmpty, "\(audit.violations)")
    }

    // MARK: - N6: a 422 with lines queued

    /// After field errors focus is on the first failing field; a queued `:ir 1` and an answer there then run, and
    /// the next question is that first failing field again, not the next failure after it.
    @Test func queuedLinesAfterFieldErrorsLeaveTheFirstFailureWaiting() async throws {
        let printed = LineRecorder()
        let typed = TypedLineSource(
            SessionTests.answers.map(TypedLineSource.Step.line) + [
                .line(":enviar"), .after("Enviando", then: ":ir 1"), .line("Eva"),
            ], hearing: printed)
        let scripted = ScriptedTransport([
            .reply(
                status: 422, headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
                body: #"{"errors":{"coupon":["Caducado."],"email":["Ya está registrado."]}}"#)
        ])
        _ = await Self.session(
            input: typed, printed: printed, transport: ReplyAfterInputEnds(inner: scripted, end: typed.ended)
        ).run()
        let lines = printed.lines
        let failed = try #require(lines.firstIndex { $0.hasSuffix("Hay 2 errores.") }, "\(lines)")
        #expect(lines[failed + 1].hasPrefix("Campo 2 de 4. Correo"), "first in form order: \(lines)")
        let eva = try #require(lines.lastIndex { $0.hasPrefix("Campo 1 de 4. Nombre") }, "\(lines)")
        #expect(lines[eva + 1].hasPrefix("Campo 2 de 4. Correo, obligatorio, no válido"), "\(lines)")
    }

    /// The third newcomer: an answer typed during a send, at a terminal, before the 422 moved the focus to the
    /// first failing field, silently replaced that field's value. It is not used: the person hears it was not, and
    /// where the form is now; the value stays.
    @Test func atATerminalAnAnswerTypedDuringASendIsNotPutWhereTheReplyMovedTheFocus() async throws {
        let printed = LineRecorder()
        let typed = TypedLineSource(
            SessionTests.answers.map(TypedLineSource.Step.line) + [
                .line(":enviar"), .after("Enviando", then: "SAVE10"), .line(":revisar"),
            ], hearing: printed)
        let scripted = ScriptedTransport([
            .reply(
                status: 422, headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
                body: #"{"errors":{"name":["Demasiado corto."]}}"#)
        ])
        let session = Session(
            form: SessionTests.form, localizer: Self.spanish, input: typed,
            announcer: Announcer(engine: nil, lines: printed),
            transport: ReplyAfterInputEnds(inner: scripted, end: typed.ended),
            options: SessionOptions(interactive: true, fingerprintCost: 1, clock: ManualClock()))
        _ = await session.run()
        let lines = printed.lines
        let unused = Self.spanish.plural("session.deferred.unused", count: 1, ["field": "Nombre"])
        #expect(lines.contains(unused), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("1. Nombre: Ana") }, "the name is kept: \(lines)")
        #expect(!lines.contains { $0.contains("SAVE10") }, "\(lines)")
    }

    /// The same rule in the model: moving away from a failing field leaves it waiting; a branch opened by an answer
    /// (Tarjeta) asks its empty required field before the failures after it.
    @Test func failuresWaitInFormOrderAndABranchOpenedIsAskedFirst() throws {
        var model = SessionModel(form: SessionTests.form)
        model.applyFailure([
            FieldError(fieldID: "email", message: "registrado"), FieldError(fieldID: "coupon", message: "caducado"),
        ])
        let went = model.go(to: "1")
        #expect(went)
        model.setAnswer("Eva", value: .text("Eva"), forField: "name")
        model.advance()
        #expect(model.focusedField?.id == "email")

        let text = #"""
            {"id": "pago", "title": "Pago", "locale": "es",
             "fields": [
              {"id": "comida", "label": "Menú", "kind": "choice", "required": true,
               "options": [{"value": "1", "label": "Con carne"}, {"value": "2", "label": "Vegetariano"}]},
              {"id": "pago", "label": "Forma de pago", "kind": "choice", "required": true,
               "options": [{"value": "card", "label": "Tarjeta"}, {"value": "transfer", "label": "Transferencia"}]},
              {"id": "tarjeta", "label": "Número de tarjeta", "required": true, "purpose": "cc-number",
               "when": {"field": "pago", "equals": "card"}},
              {"id": "boletin", "label": "Boletín", "kind": "confirm", "required": true, "mustAccept": false}
             ],
             "submit": {"label": "Pagar", "url": "http://127.0.0.1:9/pago"}}
            """#
        let form = try FormFile.decode(data: Data(text.utf8), path: "pago.json").form
        var branch = SessionModel(form: form)
        branch.applyFailure(["comida", "pago", "boletin"].map { FieldError(fieldID: $0, message: "obligatorio") })
        #expect(branch.focusedField?.id == "comida")
        branch.setAnswer("1", value: .text("1"), forField: "comida")
        branch.advance()
        #expect(branch.focusedField?.id == "pago")
        branch.setAnswer("1", value: .text("card"), forField: "pago")
        branch.advance()
        #expect(branch.focusedField?.id == "tarjeta", "the card field the choice opened, empty and required")
    }

    // MARK: - N10: a half-entered item in the review

    @Test func theReviewSaysAHalfEnteredItemAsUnfinished() async throws {
        let printed = LineRecorder()
        _ = await Self.session(
            SessionNewcomerTests.form, input: ScriptedLineSource(["Ana", "", "sí", "Carlos Díaz", ":revisar"]),
            printed: printed, transport: ScriptedTransport([])
        ).run()
        let review = try #require(printed.lines.first { $0.hasPrefix("3. Invitados:") }, "\(printed.lines)")
        #expect(review == "3. Invitados: vacío. Invitado 1 sin terminar: nombre, Carlos Díaz; falta: correo.")
    }

    // MARK: - Severity 3: what leaving and a 502 say

    /// A gateway's 502 leaves open whether the request arrived: said, with the retry that will not count twice.
    @Test func aBadGatewaySaysTheSendMayHaveArrived() async throws {
        let printed = LineRecorder()
        _ = await Self.session(
            input: ScriptedLineSource(SessionTests.answers + [":enviar"]), printed: printed,
            transport: ScriptedTransport([.reply(status: 502)])
        ).run()
        let said =
            "El servidor tiene un problema. " + Self.spanish.text("submission.retry.mayHaveArrived") + " "
            + Self.spanish.text("submission.retry.offer")
        #expect(printed.lines.contains(said), "\(printed.lines)")
    }

    /// Ctrl-C during a send: it may have arrived, and the same data means the same card, which no draft keeps.
    @Test func anInterruptDuringASendSaysWhatMustBeTypedAgain() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-cc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let printed = LineRecorder()
        let source = MarkedLines(
            SessionNewcomerTests.answers + [MarkedLines.waitFor("Enviando"), MarkedLines.interrupt], printed: printed)
        let session = Self.session(
            SessionNewcomerTests.form, input: source, printed: printed, transport: ScriptedTransport([.hang]),
            drafts: DraftStore(folder: folder.path))
        source.attach(session)
        #expect(await session.run() == .interrupted)
        let retype = Self.spanish.plural("session.draft.retypeFields", count: 1, ["labels": "Número de tarjeta"])
        #expect(printed.lines.last == Self.spanish.text("session.interruptedSending") + " " + retype)
    }

    /// `:salir` typed during a send that then gets no answer: leaving says it may have arrived and that the card,
    /// never kept, must be typed the same for a later send to be the same.
    @Test func quittingDuringASendThatGetsNoAnswerSaysWhatMustBeTypedAgain() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voz-cc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let printed = LineRecorder()
        let typed = TypedLineSource(
            SessionNewcomerTests.answers.map(TypedLineSource.Step.line) + [.after("Enviando", then: ":salir")],
            hearing: printed)
        let transport = ReplyAfterInputEnds(inner: ScriptedTransport([.fail(.timedOut)]), end: typed.ended)
        let session = Self.session(
            SessionNewcomerTests.form, input: typed, printed: printed, transport: transport,
            drafts: DraftStore(folder: folder.path))
        #expect(await session.run() == .quit)
        let retype = Self.spanish.plural("session.draft.retypeFields", count: 1, ["labels": "Número de tarjeta"])
        #expect(printed.lines.last == Self.spanish.text("session.quit.unknown") + " " + retype, "\(printed.lines)")
    }
}

/// Lines typed as a person does, with a pause where one stops to think: the real clock runs meanwhile.
final class PausingLines: LineSource {
    enum Step: Sendable {
        case line(String)
        /// Typed once a printed line contains the text (or after ten seconds).
        case after(String, String)
        /// Nothing typed for this long.
        case pause(Duration)
    }

    private let steps: Mutex<[Step]>
    private let printed: LineRecorder

    init(_ steps: [Step], printed: LineRecorder) {
        self.steps = Mutex(steps)
        self.printed = printed
    }

    func readLine(secret: Bool) async -> String? {
        while let step = steps.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            switch step {
            case .line(let line):
                return line
            case .after(let text, let line):
                for _ in 0..<1000 where !printed.lines.contains(where: { $0.contains(text) }) {
                    try? await Task.sleep(for: .milliseconds(10))
                }
                return line
            case .pause(let duration):
                try? await Task.sleep(for: duration)
            }
        }
        return nil
    }
}
