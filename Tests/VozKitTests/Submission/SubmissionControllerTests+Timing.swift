import Foundation
import Testing
import VozTestSupport

@testable import VozKit
@testable import VozSubmission

// The controller's own clock: "still sending" while a reply is awaited, and the timeout that holds whatever the
// transport does. Both are asserted to the millisecond on the manual clock the controller shares with the transport.
extension SubmissionControllerTests {
    // MARK: - Still sending

    @Test func stillSendingIsSaidWhileWaitingAndNeverAfterTheOutcome() async throws {
        let clock = ManualClock()
        let transport = Self.scripted([.reply(status: 201, after: .milliseconds(1400))], clock: clock)
        let (controller, log) = Self.make(
            transport, stillSendingAfter: .milliseconds(100), stillSendingEvery: .milliseconds(200))

        let sent = Task { await controller.submit(values: Self.values) }
        // At 100 ms, then every 200 ms: seven reminders before the reply at 1.4 s, each waited for as it sleeps
        // again (beside the reply's delay and the timeout) so the next advance finds it.
        for reminder in 1...7 {
            await clock.waitForSleepers(3)
            clock.advanceToNextDeadline()
            #expect(clock.now == .init(offset: .milliseconds(100 + 200 * (reminder - 1))))
        }
        await clock.waitForSleepers(3)
        clock.advanceToNextDeadline()
        #expect(clock.now == .init(offset: .milliseconds(1400)), "the reply comes next")
        _ = await sent.value

        let events = await log.waitFor(\.endsBusy)
        let elapsed = events.compactMap { event -> Int? in
            if case .stillSending(let seconds) = event.kind { return seconds } else { return nil }
        }
        // Whole seconds rounded up, as they are said.
        #expect(elapsed == [1, 1, 1, 1, 1, 2, 2])
        #expect(events.last?.endsBusy == true, "the busy state ends with a line: \(log.texts)")
        #expect(log.texts.contains("Todavía enviando."))
        #expect(clock.sleeperCount == 0, "the reminders stopped with the outcome")
    }

    // MARK: - Timeout

    @Test func theTimeoutHoldsEvenWhenTheTransportIgnoresIt() async throws {
        let clock = ManualClock()
        let transport = Self.scripted([.stuck(.seconds(20))], clock: clock)
        let (controller, _) = Self.make(transport, form: Self.form(timeout: 0.3))
        let sent = Task { await controller.submit(values: Self.values) }

        // The stuck transport and the form's timeout.
        await clock.waitForSleepers(2)
        clock.advance(by: .milliseconds(299))
        #expect(clock.sleeperCount == 2, "not a millisecond early")
        #expect(await controller.state.isSending)
        clock.advance(by: .milliseconds(1))
        let failure = Self.failure(await sent.value)
        #expect(failure?.kind == .transient)
        #expect(await controller.currentKey == IdempotencyKey("key-1"))
        #expect(clock.deadlines == [.init(offset: .seconds(20))], "the transport was not waited for")
        // Lets the stuck transport's sleep end, so no task is left asleep after the test.
        clock.advance(by: .seconds(20))
    }

    @Test func aTransportTimeoutIsATransientFailure() async throws {
        let transport = Self.scripted([.fail(.timedOut)])
        let (controller, _) = Self.make(transport)
        #expect(Self.failure(await controller.submit(values: Self.values))?.kind == .transient)
    }
}
