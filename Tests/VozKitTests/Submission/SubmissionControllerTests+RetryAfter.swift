import Foundation
import Testing
import VozTestSupport

@testable import VozKit
@testable import VozReplies
@testable import VozSubmission

// Retry-After: an early retry waits and says so; a wait past the form's limit is left to the user; cancel and
// edits call a waiting retry off.
extension SubmissionControllerTests {
    // MARK: - Retry-After

    @Test func anEarlyRetryWaitsForRetryAfterAndSaysSo() async throws {
        let busy = SubmissionFailure(kind: .transient, message: "El servicio está ocupado.", retryAfterSeconds: 1)
        let clock = ManualClock()
        let transport = Self.scripted([.reply(status: 503), .reply(status: 201)], clock: clock)
        let (controller, log) = Self.make(transport, outcomes: [503: .failure(busy)])

        _ = await controller.submit(values: Self.values)
        let retried = Task { await controller.retry() }
        await clock.waitForSleepers(1)
        clock.advance(by: .milliseconds(999))
        #expect(clock.sleeperCount == 1 && transport.requests.count == 1, "not a millisecond early")
        clock.advance(by: .milliseconds(1))
        let result = await retried.value

        guard case .finished(.completed) = result else {
            Issue.record("the retry should complete, got \(result)")
            return
        }
        #expect(clock.now == .init(offset: .seconds(1)))
        #expect(transport.keys() == ["key-1", "key-1"])
        await log.waitFor { if case .completed = $0.kind { return true } else { return false } }
        #expect(log.texts.contains("El servicio está ocupado. Puedes reintentar en 1 segundo: escribe :reintentar."))
        #expect(log.all.contains { $0.kind == .waitingToRetry(seconds: 1) && $0.text == "Reintentando en 1 segundo." })
    }

    /// The wait is counted from the reply: time that has passed since is not waited again, and the rest is said
    /// rounded up.
    @Test(arguments: [(400, 29_600, 30), (1_500, 28_500, 29), (29_999, 1, 1)])
    func aRetryLaterInTheWaitWaitsOnlyWhatIsLeft(passed: Int, left: Int, said: Int) async throws {
        let busy = SubmissionFailure(kind: .transient, message: "Ocupado.", retryAfterSeconds: 30)
        let clock = ManualClock()
        let transport = Self.scripted([.reply(status: 503), .reply(status: 201)], clock: clock)
        let (controller, log) = Self.make(transport, outcomes: [503: .failure(busy)])
        _ = await controller.submit(values: Self.values)

        clock.advance(by: .milliseconds(passed))
        let retried = Task { await controller.retry() }
        await clock.waitForSleepers(1)
        #expect(clock.nextDeadline == .init(offset: .milliseconds(passed + left)))
        clock.advance(by: .milliseconds(left))
        guard case .finished(.completed) = await retried.value else {
            Issue.record("the retry should complete")
            return
        }
        #expect(log.all.contains { $0.kind == .waitingToRetry(seconds: said) })
    }

    @Test func aRetryAfterTheWaitGoesAtOnce() async throws {
        let busy = SubmissionFailure(kind: .transient, message: "Ocupado.", retryAfterSeconds: 2)
        let clock = ManualClock()
        let transport = Self.scripted([.reply(status: 503), .reply(status: 201)], clock: clock)
        let (controller, log) = Self.make(transport, outcomes: [503: .failure(busy)])
        _ = await controller.submit(values: Self.values)

        clock.advance(by: .seconds(2))
        guard case .finished(.completed) = await controller.retry() else {
            Issue.record("the retry should complete")
            return
        }
        #expect(!log.all.contains { if case .waitingToRetry = $0.kind { return true } else { return false } })
    }

    @Test func aWaitLongerThanTheFormsLimitIsLeftToTheUser() async throws {
        let busy = SubmissionFailure(kind: .transient, message: "Demasiadas peticiones.", retryAfterSeconds: 120)
        let transport = Self.scripted([.reply(status: 429)])
        let (controller, log) = Self.make(transport, outcomes: [429: .failure(busy)])

        _ = await controller.submit(values: Self.values)
        #expect(await controller.retry() == .refused(.retryWaitTooLong(seconds: 120)))
        #expect(transport.requests.count == 1)
        await log.waitFor(\.endsBusy)
        #expect(
            log.texts.contains(
                "Demasiadas peticiones. El servidor pide esperar 2 minutos. Escribe :reintentar más tarde."))
    }

    @Test func cancelDuringARetryWaitSendsNothing() async throws {
        let busy = SubmissionFailure(kind: .transient, message: "Ocupado.", retryAfterSeconds: 30)
        let clock = ManualClock()
        let transport = Self.scripted([.reply(status: 503)], clock: clock)
        let (controller, log) = Self.make(transport, outcomes: [503: .failure(busy)])
        _ = await controller.submit(values: Self.values)

        let waiting = Task { await controller.retry() }
        await log.waitFor { $0.kind == .waitingToRetry(seconds: 30) }
        #expect(await controller.submit(values: Self.values) == .refused(.busy))
        #expect(await controller.cancel() == nil)

        guard case .finished(.failed(_, let key, _)) = await waiting.value else {
            Issue.record("the controller should stay failed")
            return
        }
        #expect(key == IdempotencyKey("key-1"))
        #expect(transport.requests.count == 1)
        #expect(clock.sleeperCount == 0, "the wait's timer is gone")
        await log.waitFor { $0.kind == .retryCancelled }
        #expect(log.texts.contains("Reintento cancelado. No se envió nada."))
    }

    @Test func anEditDuringARetryWaitCallsItOff() async throws {
        let busy = SubmissionFailure(kind: .transient, message: "Ocupado.", retryAfterSeconds: 30)
        let transport = Self.scripted([.reply(status: 503)])
        let (controller, log) = Self.make(transport, outcomes: [503: .failure(busy)])
        _ = await controller.submit(values: Self.values)

        let waiting = Task { await controller.retry() }
        await log.waitFor { $0.kind == .waitingToRetry(seconds: 30) }
        #expect(await controller.edit() == nil)

        #expect(await waiting.value == .finished(.idle))
        #expect(transport.requests.count == 1)
    }
}
