import Foundation
import Synchronization
import VozKit

/// A transport that plays a script of replies, errors and delays, one step a send, and records every request.
///
/// The delays are slept on `clock`: a test that gives the controller the same manual clock decides exactly when a
/// reply arrives relative to the timeout and the reminders.
final class ScriptedTransport: Transport {
    enum Step: Sendable {
        /// Reply after `after`; a cancel during the delay ends the send with `cancelled`, as a socket would.
        case reply(status: Int, headers: [HTTPHeader] = [], body: String = "", after: Duration = .zero)
        /// Fail after `after`.
        case fail(TransportError, after: Duration = .zero)
        /// Never answer; only a cancel ends the send.
        case hang
        /// Ignore cancellation for `duration`, then reply 201: a broken transport the controller must outlast.
        case stuck(Duration)
    }

    let clock: any Clock<Duration>

    private struct Script {
        var steps: [Step]
        var requests: [SubmissionRequest] = []
    }

    private let script: Mutex<Script>
    private let arrivals = Changes()

    init(_ steps: [Step], clock: any Clock<Duration> = ContinuousClock()) {
        script = Mutex(Script(steps: steps))
        self.clock = clock
    }

    /// The requests sent so far, in order.
    var requests: [SubmissionRequest] { script.withLock { $0.requests } }

    /// The idempotency key each request carried, in order.
    func keys(header: String = "Idempotency-Key") -> [String?] {
        requests.map { request in request.headers.first { $0.name == header }?.value }
    }

    /// Waits until `count` requests have arrived.
    func waitForRequests(_ count: Int) async {
        await arrivals.wait { requests.count >= count }
    }

    func send(_ request: SubmissionRequest) async throws(TransportError) -> HTTPReply {
        let step = script.withLock { script -> Step? in
            script.requests.append(request)
            return script.steps.isEmpty ? nil : script.steps.removeFirst()
        }
        arrivals.signal()
        switch step {
        case nil:
            throw .other(detail: "the script has no step for request \(requests.count)")
        case .reply(let status, let headers, let body, let after):
            try await pause(after)
            return HTTPReply(status: status, headers: headers, body: Data(body.utf8))
        case .fail(let error, let after):
            try await pause(after)
            throw error
        case .hang:
            while true { try await pause(.seconds(3600)) }
        case .stuck(let duration):
            // A task of its own does not inherit the send's cancellation: the sleep runs to its end.
            let clock = clock
            await Task { try? await clock.sleep(for: duration) }.value
            return HTTPReply(status: 201)
        }
    }

    private func pause(_ duration: Duration) async throws(TransportError) {
        guard duration > .zero else { return }
        do {
            try await clock.sleep(for: duration)
        } catch {
            throw .cancelled
        }
    }
}

/// Keys `key-1`, `key-2`, … so tests can tell which payload a request belonged to.
final class CountingKeys: Sendable {
    private let count = Mutex(0)

    var generator: IdempotencyKeyGenerator {
        IdempotencyKeyGenerator { [self] in
            IdempotencyKey("key-\(count.withLock { $0 += 1; return $0 })")
        }
    }
}

/// Every progress event a controller emitted, collected as it comes.
final class ProgressLog: Sendable {
    private let events = Mutex<[SubmissionProgress]>([])
    private let arrivals = Changes()

    init(_ stream: AsyncStream<SubmissionProgress>) {
        Task { [self] in
            for await event in stream {
                events.withLock { $0.append(event) }
                arrivals.signal()
            }
        }
    }

    var all: [SubmissionProgress] { events.withLock { $0 } }
    var texts: [String] { all.map(\.text) }

    /// Waits until an event matches; the events so far.
    @discardableResult
    func waitFor(_ matches: (SubmissionProgress) -> Bool) async -> [SubmissionProgress] {
        await arrivals.wait { all.contains(where: matches) }
        return all
    }
}

/// The real interpreter, except for the statuses a test scripts: what a particular server's decoded reply would
/// be (a `Retry-After`, a reused key), without depending on the decoder.
struct ScriptedInterpreter: ReplyInterpreting {
    let real: ReplyInterpreter
    let outcomes: [Int: ReplyOutcome]

    var localizer: Localizer { real.localizer }

    func interpret(_ reply: HTTPReply) -> ReplyOutcome {
        outcomes[reply.status] ?? real.interpret(reply)
    }

    func interpret(_ error: TransportError) -> ReplyOutcome {
        real.interpret(error)
    }
}
