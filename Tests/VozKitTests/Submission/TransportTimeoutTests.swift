import Foundation
import Testing
import VozTestSupport

@testable import VozKit
@testable import VozLocalization
@testable import VozReplies
@testable import VozSubmission

/// A transport that keeps its own timeout has the first say on what the timeout means: the controller's timer only
/// backs it up. A 200 whose head came just in time (its body dripping forever) is the server's yes, never a timeout
/// that won a race by a millisecond.
@Suite(.timeLimit(.minutes(1)), .ownThread) struct TransportTimeoutTests {
    /// The scripted transport, saying it ends by itself at the timeout as curl does.
    struct KeepingItsTimeout: Transport {
        let inner: ScriptedTransport
        var keepsItsTimeout: Bool { true }
        func send(_ request: SubmissionRequest) async throws(TransportError) -> HTTPReply {
            try await inner.send(request)
        }
    }

    static func controller(_ transport: any Transport, clock: ManualClock) -> SubmissionController {
        let form = SubmissionControllerTests.form(timeout: 5)
        return SubmissionController(
            form: form, transport: transport,
            interpreter: ReplyInterpreter(form: form, localizer: SubmissionControllerTests.localizer),
            options: SubmissionController.Options(
                stillSendingAfter: nil, keys: CountingKeys().generator, clock: clock))
    }

    @Test func aTransportThatKeepsItsTimeoutIsHeardBeforeTheControllersTimer() async throws {
        let clock = ManualClock()
        let scripted = ScriptedTransport([.reply(status: 201, after: .milliseconds(5_500))], clock: clock)
        let controller = Self.controller(KeepingItsTimeout(inner: scripted), clock: clock)
        let sent = Task { await controller.submit(values: SubmissionControllerTests.values) }
        await scripted.waitForRequests(1)
        await clock.waitForSleepers(2)
        clock.advance(by: .milliseconds(5_500))
        guard case .finished(.completed) = await sent.value else {
            Issue.record("the transport's reply should be the outcome")
            return
        }
    }

    @Test func aTransportThatDoesNotIsEndedAtTheTimeout() async throws {
        let clock = ManualClock()
        let scripted = ScriptedTransport([.reply(status: 201, after: .milliseconds(5_500))], clock: clock)
        let controller = Self.controller(scripted, clock: clock)
        let sent = Task { await controller.submit(values: SubmissionControllerTests.values) }
        await scripted.waitForRequests(1)
        await clock.waitForSleepers(2)
        clock.advance(by: .seconds(5))
        #expect(SubmissionControllerTests.failure(await sent.value)?.kind == .transient)
    }

    @Test func curlAndTheLoopbackTransportKeepTheirs() {
        #expect(CurlTransport().keepsItsTimeout)
        #expect(LoopbackTransport().keepsItsTimeout)
    }
}
