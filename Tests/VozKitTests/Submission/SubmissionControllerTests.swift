import Foundation
import Testing
import VozTestSupport
import VozTestTraits

@testable import VozForm
@testable import VozKit
@testable import VozLocalization
@testable import VozReplies
@testable import VozSubmission

/// The controller with a scripted transport: the guard, the key's lifecycle, cancel, timeout and Retry-After.
///
/// The controller and the transport share a manual clock (`scripted`), so a timeout, a reminder or a reply's delay
/// happens exactly when a test advances to it; the time limit turns a wait that never ends into a failure.
@Suite(.timeLimit(.minutes(1)), .ownThread) struct SubmissionControllerTests {
    static let values = FormValues(["email": .text("ana@example.com"), "age": .number(30)])
    static let localizer = Localizer(language: .es)

    static func form(timeout: Double = 5, maxRetryWait: Double = 60) -> Form {
        Form(
            id: "alta",
            title: "Alta",
            locale: "es",
            fields: [
                Field(id: "email", label: "Correo", kind: .email, required: true), Field(id: "age", label: "Edad"),
            ],
            submit: SubmitSpec(
                label: "Crear cuenta", url: literalURL("http://127.0.0.1:9/accounts"), timeoutSeconds: timeout,
                maxRetryWaitSeconds: maxRetryWait))
    }

    /// A transport playing `steps` on a manual clock of its own, which `make` gives the controller too.
    static func scripted(_ steps: [ScriptedTransport.Step], clock: ManualClock = ManualClock()) -> ScriptedTransport {
        ScriptedTransport(steps, clock: clock)
    }

    /// A controller over `transport`, on the transport's clock, and the progress it says.
    static func make(
        _ transport: ScriptedTransport,
        form: Form = form(),
        outcomes: [Int: ReplyOutcome] = [:],
        stillSendingAfter: Duration? = nil,
        stillSendingEvery: Duration = .seconds(5)
    ) -> (SubmissionController, ProgressLog) {
        let interpreter = ScriptedInterpreter(
            real: ReplyInterpreter(form: form, localizer: localizer), outcomes: outcomes)
        let options = SubmissionController.Options(
            stillSendingAfter: stillSendingAfter, stillSendingEvery: stillSendingEvery, keys: CountingKeys().generator,
            clock: transport.clock)
        let controller = SubmissionController(
            form: form, transport: transport, interpreter: interpreter, options: options)
        return (controller, ProgressLog(controller.progress))
    }

    static func failure(_ result: SubmissionResult) -> SubmissionFailure? {
        if case .finished(.failed(let failure, _, _)) = result { return failure }
        return nil
    }

    // MARK: - Sending

    @Test func aSubmitSendsTheValuesWithAKeyAndCompletes() async throws {
        let transport = Self.scripted([.reply(status: 201)])
        let (controller, log) = Self.make(transport)

        let result = await controller.submit(values: Self.values)

        guard case .finished(.completed) = result else {
            Issue.record("expected completed, got \(result)")
            return
        }
        #expect(transport.keys() == ["key-1"])
        let request = try #require(transport.requests.first)
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"email":"ana@example.com","age":30}"#)
        let events = await log.waitFor(\.endsBusy)
        #expect(events.first?.text == "Enviando.")
        #expect(events.first?.state.phase == .sending)
        #expect(events.last?.priority == .assertive)
        #expect(events.last?.state.phase == .completed)
        #expect(await controller.currentKey == nil)
    }

    @Test func aSecondSubmitWhileSendingIsRefusedWithTheReasonAndSendsNothing() async throws {
        let clock = ManualClock()
        let transport = Self.scripted([.reply(status: 201, after: .milliseconds(400))], clock: clock)
        let (controller, _) = Self.make(transport)
        let first = Task { await controller.submit(values: Self.values) }
        await transport.waitForRequests(1)

        // The reply is 400 ms away and the clock does not move until the refusals are in: none waited for it.
        let second = await controller.submit(values: Self.values)
        #expect(second == .refused(.busy))
        let reason = await controller.submitDisabledReason
        #expect(reason == "Crear cuenta no está disponible mientras se envía. Espera, o escribe :cancelar.")
        #expect(await controller.retry() == .refused(.busy))
        #expect(await controller.edit() == .editWhileSending)
        #expect(clock.now == .init(offset: .zero))

        // The reply's delay and the form's timeout.
        await clock.waitForSleepers(2)
        clock.advance(by: .milliseconds(400))
        guard case .finished(.completed) = await first.value else {
            Issue.record("the first submit should complete")
            return
        }
        #expect(transport.requests.count == 1)
        #expect(await controller.submitDisabledReason == nil)
    }

    // MARK: - The key

    @Test func aRetryAfterATransientFailureReusesTheKey() async throws {
        let transport = Self.scripted([.reply(status: 503), .reply(status: 201)])
        let (controller, log) = Self.make(transport)

        let failed = await controller.submit(values: Self.values)
        #expect(Self.failure(failed)?.kind == .transient)
        #expect(await controller.currentKey == IdempotencyKey("key-1"))
        #expect(await controller.submit(values: Self.values) == .refused(.retryInstead))

        guard case .finished(.completed) = await controller.retry() else {
            Issue.record("the retry should complete")
            return
        }
        #expect(transport.keys() == ["key-1", "key-1"])
        #expect(transport.requests[0].body == transport.requests[1].body)
        await log.waitFor { if case .completed = $0.kind { return true } else { return false } }
        #expect(log.texts.contains("Enviando de nuevo."))
        let failedText = try #require(log.all.first { if case .failed = $0.kind { return true } else { return false } })
        #expect(failedText.text.hasSuffix("Escribe :reintentar para enviar los mismos datos."))
    }

    @Test func anEditDiscardsTheKeyAndTheNextSubmitMakesANewOne() async throws {
        let transport = Self.scripted([.reply(status: 503), .reply(status: 201)])
        let (controller, _) = Self.make(transport)
        _ = await controller.submit(values: Self.values)

        #expect(await controller.edit() == nil)
        #expect(await controller.state == .idle)
        #expect(await controller.currentKey == nil)
        #expect(await controller.retry() == .refused(.nothingToRetry))

        let changed = FormValues(["email": .text("ana@example.org")])
        _ = await controller.submit(values: changed)
        #expect(transport.keys() == ["key-1", "key-2"])
    }

    @Test func aPermanentFailureRefusesRetryUntilAFieldChanges() async throws {
        let transport = Self.scripted([.reply(status: 400), .reply(status: 201)])
        let (controller, _) = Self.make(transport)

        let failed = await controller.submit(values: Self.values)
        #expect(Self.failure(failed)?.kind == .permanent)
        #expect(await controller.currentKey == nil)
        #expect(await controller.retry() == .refused(.retryNotOffered))
        #expect(await controller.submit(values: Self.values) == .refused(.needsCorrection))
        #expect(transport.requests.count == 1)

        #expect(await controller.edit() == nil)
        _ = await controller.submit(values: Self.values)
        #expect(transport.keys() == ["key-1", "key-2"])
    }

    @Test func aKeyReusedWithOtherDataMeansTheNextSubmitCarriesAFreshKey() async throws {
        let reused = SubmissionFailure(kind: .permanent, message: "Clave reutilizada.", requiresNewKey: true)
        let transport = Self.scripted([.reply(status: 422), .reply(status: 201)])
        let (controller, _) = Self.make(transport, outcomes: [422: .failure(reused)])

        _ = await controller.submit(values: Self.values)
        #expect(await controller.currentKey == nil)
        #expect(await controller.retry() == .refused(.retryNotOffered))

        guard case .finished(.completed) = await controller.submit(values: Self.values) else {
            Issue.record("a freshly keyed submit should complete")
            return
        }
        #expect(transport.keys() == ["key-1", "key-2"])
    }

    @Test func theKeyTravelsInTheFormsHeader() async throws {
        var form = Self.form()
        form.submit.idempotencyHeader = "X-Request-Id"
        let transport = Self.scripted([.reply(status: 201)])
        let (controller, _) = Self.make(transport, form: form)
        _ = await controller.submit(values: Self.values)
        #expect(transport.keys(header: "X-Request-Id") == ["key-1"])
        #expect(transport.keys() == [nil])
    }

    // MARK: - Cancel and timeout

    @Test func cancelMakesTheOutcomeUnknownAndARetryWithTheSameKeyIsSafe() async throws {
        let transport = Self.scripted([.hang, .reply(status: 201)])
        let (controller, log) = Self.make(transport)
        let pending = Task { await controller.submit(values: Self.values) }
        await transport.waitForRequests(1)

        #expect(await controller.cancel() == nil)
        let failure = try #require(Self.failure(await pending.value))
        #expect(failure.kind == .transient)
        #expect(failure.message == "Envío cancelado. No sabemos si llegó; :reintentar es seguro.")
        await log.waitFor { $0.kind == .cancelled }
        #expect(log.all.filter { $0.kind == .cancelled }.count == 1, "said once: \(log.texts)")

        guard case .finished(.completed) = await controller.retry() else {
            Issue.record("the retry should complete")
            return
        }
        #expect(transport.keys() == ["key-1", "key-1"])
    }

    @Test func aCancelledSubmitReportsTheCancelEvenWhenARetryStartsAtOnce() async throws {
        let clock = ManualClock()
        let transport = Self.scripted([.hang, .reply(status: 201, after: .milliseconds(200))], clock: clock)
        let (controller, _) = Self.make(transport)
        let pending = Task { await controller.submit(values: Self.values) }
        await transport.waitForRequests(1)

        await controller.cancel()
        let retried = Task { await controller.retry() }

        #expect(Self.failure(await pending.value)?.kind == .transient)
        // The retry's reply is still 200 ms away: the cancelled submit reported before it.
        await transport.waitForRequests(2)
        await clock.waitForSleepers(2)
        clock.advance(by: .milliseconds(200))
        guard case .finished(.completed) = await retried.value else {
            Issue.record("the retry should complete")
            return
        }
        #expect(transport.keys() == ["key-1", "key-1"])
    }

    @Test func cancelWithNothingPendingIsRefused() async {
        let (controller, _) = Self.make(Self.scripted([]))
        #expect(await controller.cancel() == .notSending)
    }

    @Test func cancellingTheCallersTaskCancelsTheSend() async throws {
        let transport = Self.scripted([.hang])
        let (controller, _) = Self.make(transport)
        let pending = Task { await controller.submit(values: Self.values) }
        await transport.waitForRequests(1)
        pending.cancel()

        #expect(Self.failure(await pending.value)?.kind == .transient)
        #expect(await controller.currentKey == IdempotencyKey("key-1"))
    }

    // MARK: - After success

    @Test func aCompletedSubmissionRefusesEverything() async throws {
        let (controller, _) = Self.make(Self.scripted([.reply(status: 201)]))
        _ = await controller.submit(values: Self.values)

        #expect(await controller.submit(values: Self.values) == .refused(.alreadyCompleted))
        #expect(await controller.retry() == .refused(.alreadyCompleted))
        #expect(await controller.edit() == .alreadyCompleted)
        #expect(await controller.cancel() == .alreadyCompleted)
    }
}
