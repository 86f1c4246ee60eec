import Foundation
import Synchronization
import Testing
import VozTestTraits

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozSession
@testable import VozSpeech
@testable import VozSubmission
@testable import VozSupport

/// Input that ends while a send is in flight, with lines typed meanwhile waiting for its outcome: whatever the
/// outcome, the waiting lines run in order and the session ends with its documented result and one sentence.
/// Each run is bounded, so a session that waits forever fails here instead of hanging the test run.
@Suite(.ownThread) struct SessionEndOfInputTests {
    /// Alone a run takes about a second (the retries wait one); beside suites that hold the machine's two pool
    /// threads, 25 s was seen. A hang never ends, so a generous bound costs nothing but the time of a failure.
    private static let limit = Duration.seconds(60)

    /// The same form as SessionTests: four fields, one secret.
    private static let form = SessionTests.form
    private static let answers = SessionTests.answers + [":enviar"]
    private static let spanish = Localizer(language: .es)
    private static let endOfInput = spanish.text("session.endOfInput.noDraft")
    private static let emailTaken = ##"{"errors":{"email":["Ese correo ya está registrado."]}}"##

    /// How the lines arrive: an answers file gives them all at once, a person types each after hearing the last.
    enum Typing: CaseIterable, Sendable {
        case answers
        case typed
    }

    private struct Run {
        var result: SessionResult?
        var lines: [String]
        var transport: ScriptedTransport
    }

    /// Runs the form's answers, `:enviar`, then `queued` typed while the send is in flight; input ends before the
    /// server answers with `replies`. Nil result: still running after a minute.
    private func run(_ typing: Typing, queued: [String], replies: [ScriptedTransport.Step]) async -> Run {
        let printed = LineRecorder()
        let source: any LineSource
        let end: InputEnd
        switch typing {
        case .answers:
            let answers = AnswersLineSource(Self.answers + queued)
            (source, end) = (answers, answers.ended)
        case .typed:
            let steps = Self.answers.map(TypedLineSource.Step.line) + queued.map { .after("Enviando", then: $0) }
            let typed = TypedLineSource(steps, hearing: printed)
            (source, end) = (typed, typed.ended)
        }
        let scripted = ScriptedTransport(replies)
        let session = Session(
            form: Self.form, localizer: Self.spanish, input: source,
            announcer: Announcer(engine: nil, lines: printed),
            transport: ReplyAfterInputEnds(inner: scripted, end: end))
        let result = await Self.bounded(Self.limit) { await session.run() }
        return Run(result: result, lines: printed.lines, transport: scripted)
    }

    /// `work`'s value, or nil when it has not ended within `limit` (it is then left behind).
    static func bounded<Value: Sendable>(
        _ limit: Duration, _ work: @escaping @Sendable () async -> Value
    ) async -> Value? {
        let answered = Mutex(false)
        return await withCheckedContinuation { continuation in
            let resume = { @Sendable (value: Value?) in
                let first = answered.withLock { done in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(returning: value) }
            }
            Task { resume(await work()) }
            Task {
                try? await Task.sleep(for: limit)
                resume(nil)
            }
        }
    }

    // MARK: - Outcomes

    @Test(arguments: Typing.allCases)
    func aSuccessCompletesTheFormAndTheWaitingLinesAreNotNeeded(_ typing: Typing) async {
        let run = await run(typing, queued: ["una nota"], replies: [.reply(status: 201, body: #"{"id":"7"}"#)])
        guard case .completed = run.result else {
            Issue.record("expected completion, heard \(run.lines)")
            return
        }
        #expect(run.lines.contains(Self.spanish.text("session.deferred")))
        #expect(!run.lines.contains(Self.endOfInput))
        #expect(run.transport.keys().count == 1)
    }

    @Test(arguments: Typing.allCases)
    func aFailureSaysItsErrorsThenTheWaitingLinesRunThenTheSessionEnds(_ typing: Typing) async {
        let run = await run(
            typing, queued: ["otra@example.com"],
            replies: [.reply(status: 422, headers: Self.json, body: Self.emailTaken)])
        #expect(run.result == .inputEnded, "\(run.lines)")
        #expect(run.lines.last == Self.endOfInput)
        let failure = run.lines.firstIndex { $0.hasSuffix("Hay 1 error.") }
        #expect(failure != nil, "\(run.lines)")
        if let failure {
            // The correction typed during the send answered the field the failure focused, and focus moved on to
            // the submit control, every field being answered.
            #expect(run.lines[failure + 1].hasPrefix("Campo 2 de 4. Correo, obligatorio, no válido"))
            #expect(run.lines.dropFirst(failure + 2).first == "Botón Crear cuenta. Escribe :enviar para enviar.")
        }
        #expect(run.transport.keys().count == 1)
    }

    @Test(arguments: Typing.allCases)
    func aRetryTypedDuringTheSendRunsAfterTheFailureAndCompletes(_ typing: Typing) async {
        let run = await run(
            typing, queued: [":reintentar"],
            replies: [.reply(status: 503, headers: Self.retryAfterOneSecond), .reply(status: 201, body: "{}")])
        guard case .completed = run.result else {
            Issue.record("expected completion, heard \(run.lines)")
            return
        }
        let keys = run.transport.keys()
        #expect(keys.count == 2)
        #expect(keys.first == keys.last, "a retry sends the same key")
    }

    @Test(arguments: Typing.allCases)
    func aRetryThatFailsAgainEndsTheSessionAfterTheLinesAfterIt(_ typing: Typing) async {
        let run = await run(
            typing, queued: [":reintentar", ":donde"],
            replies: [.reply(status: 503, headers: Self.retryAfterOneSecond), .reply(status: 503)])
        #expect(run.result == .inputEnded, "\(run.lines)")
        #expect(run.lines.last == Self.endOfInput, "the server answered: not sent")
        // `:donde` waited for the retry too, and was answered after its outcome.
        #expect(run.lines.contains { $0.hasPrefix("Botón Crear cuenta. Estado:") })
        #expect(run.transport.keys().count == 2)
    }

    /// A retry waiting for `Retry-After`, called off with `:cancelar`: the form is no longer busy, so a line typed
    /// next is not kept for an outcome that will never come, and the end of input ends the session.
    @Test func aCalledOffRetryLeavesTheFormIdleAndTheEndOfInputEndsIt() async {
        let printed = LineRecorder()
        let typed = TypedLineSource(
            Self.answers.map(TypedLineSource.Step.line) + [
                .after(":reintentar", then: ":reintentar"), .after("Reintentando en", then: ":cancelar"),
                .after("Reintento cancelado", then: ":donde"),
            ], hearing: printed)
        let transport = ScriptedTransport([.reply(status: 503, headers: [HTTPHeader(name: "Retry-After", value: "30")])]
        )
        let session = Session(
            form: Self.form, localizer: Self.spanish, input: typed,
            announcer: Announcer(engine: nil, lines: printed), transport: transport)
        let result = await Self.bounded(Self.limit) { await session.run() }
        #expect(result == .inputEnded, "\(printed.lines)")
        #expect(printed.lines.contains { $0.hasPrefix("Botón Crear cuenta. Estado:") })
        #expect(!printed.lines.contains(Self.spanish.text("session.deferred")))
        #expect(printed.lines.last == Self.endOfInput, "the server answered 503: not sent")
        #expect(transport.keys().count == 1)
    }

    // MARK: - One send at a time

    /// A second `:enviar` right behind the first, before the controller has begun: refused in words, never sent.
    @Test(arguments: Typing.allCases)
    func aSecondSendTypedAtOnceIsRefusedNotSent(_ typing: Typing) async {
        let run = await run(typing, queued: [":enviar"], replies: [.reply(status: 201, body: "{}")])
        guard case .completed = run.result else {
            Issue.record("expected completion, heard \(run.lines)")
            return
        }
        #expect(run.lines.contains(SubmissionRefusal.busy.phrase(Self.spanish, control: "Crear cuenta")))
        #expect(run.transport.keys().count == 1)
    }

    private static let json = [HTTPHeader(name: "Content-Type", value: "application/json")]
    private static let retryAfterOneSecond = [HTTPHeader(name: "Retry-After", value: "1")]
}
