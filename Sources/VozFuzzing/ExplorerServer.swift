import Foundation
import Synchronization
import VozKit
import VozTestSupport

/// The server the session explorer sends to: a model of an idempotent service (the IETF draft's rules, as the demo
/// service keeps them) that plays a behaviour the explorer picks for each request, and checks the promise that
/// belongs to the wire.
///
/// I2: one payload to one destination has one key until a definitive answer to that key reached the person. A
/// request whose body was already sent to the same address under another key that never got such an answer is a
/// break: if that earlier request arrived, this one is a second. And a new send of other data while such a send
/// is unanswered goes only after the person heard, in this run, that it may be a second of it: at a terminal the
/// warning comes before the last yes, so `warned` must cover every unanswered request to that address.
final class ExplorerServer: Transport {
    /// What the server does with one new request.
    enum Behaviour: String, CaseIterable, Sendable {
        /// 201: created.
        case created
        /// 422 with an error on the e-mail field.
        case rejectEmail
        /// 422 whose message quotes the password the request carried.
        case echoSecret
        /// 409: the e-mail is taken.
        case duplicate
        /// 503 with `Retry-After: 0`.
        case busyNow
        /// 503 with a wait longer than the form lets Voz wait alone.
        case busyLater
        /// 429 with `Retry-After` as an HTTP date 72 minutes ahead: a refusal, nothing taken.
        case tooManyUntilDate
        /// Processed (the account made), then the connection dropped: the person gets no answer.
        case lostAfterProcessing
        /// Timed out before the service saw it.
        case timedOut
        /// Processed, and the person pressed Ctrl-C while waiting: the run ends, the reply never arrives.
        case interruptWhileSending
        /// Processed, and the reply is slow: the person types `:cancelar` (or another line) while it waits, then
        /// edits and sends again. The reply never arrives.
        case slowAfterProcessing
    }

    private struct Sent {
        let key: String
        let body: Data
        var settled: Bool
        /// Which request of the exploration it was, from 1: a warning heard after it covers it.
        let order: Int
    }

    private struct State {
        var behaviours: [Behaviour] = []
        /// Every request by destination, in order.
        var sent: [String: [Sent]] = [:]
        /// Replies kept for replay, by destination and key.
        var stored: [String: [String: (body: Data, status: Int)]] = [:]
        var breaks: [String] = []
        var processed = 0
        var requests = 0
        var interrupt: (@Sendable () -> Void)?
        /// Told of every request's body as it arrives (I3).
        var observe: (@Sendable (Data) -> Void)?
        /// This run's 2xx replies the person got, and its keys whose send got no answer that settled it (I5).
        var delivered = 0
        var unknown: Set<String> = []
        /// Sends left waiting by a Ctrl-C or a slow reply, released when the run is over.
        var hanging: [CheckedContinuation<Void, Never>] = []
        /// The slow replies this run holds: the person may type while they wait.
        var slow: [CheckedContinuation<Void, Never>] = []
        /// Whether this run's last request got a reply from the server (any status but a gateway's); nil before one.
        var lastAnswered: Bool?
        /// Whether this run's person hears the warning before the last yes (a terminal), and how many requests had
        /// arrived when they last heard it.
        var warned: (@Sendable () -> Int?)?
    }

    private let state = Mutex(State())
    /// The password values the explorer types, which `echoSecret` quotes back.
    let secrets: [String]
    /// The field `rejectEmail` and `duplicate` put their error on: the form's first e-mail field, else its first.
    let rejected: String
    /// The secret field `echoSecret` puts its error on, when the form has one.
    let secretField: String

    init(secrets: [String], form: Form) {
        self.secrets = secrets
        rejected = (form.fields.first { $0.kind == .email } ?? form.fields.first)?.id ?? "email"
        secretField = form.fields.first { $0.kind == .secret }?.id ?? rejected
    }

    /// The behaviours for the next run's requests, in order; a request past them is created. `observe` is told
    /// of each request's body as it arrives.
    ///
    /// - Parameter warned: at a terminal, how many requests had arrived when the person last heard that a send of
    ///   other data may be a second (nil when never); nil where the warning does not come before a yes.
    func script(
        _ behaviours: [Behaviour], interrupt: @escaping @Sendable () -> Void,
        observe: @escaping @Sendable (Data) -> Void, warned: (@Sendable () -> Int?)? = nil
    ) {
        state.withLock {
            $0.behaviours = behaviours
            $0.interrupt = interrupt
            $0.observe = observe
            $0.warned = warned
            $0.delivered = 0
            $0.unknown = []
            $0.lastAnswered = nil
        }
    }

    /// Whether the last request of this run got the server's own reply: "the last send got no sure answer" is false
    /// then (I5).
    var lastSendAnswered: Bool { state.withLock { $0.lastAnswered == true } }

    /// Whether a slow reply is being held in this run: the person may type while the send waits for it.
    var holdsSlowReply: Bool { state.withLock { !$0.slow.isEmpty } }

    /// Ends the slow replies held, with no reply: the person's input ended during the send, and a session waits for
    /// a send's outcome before it ends (a real one until the timeout, which the explorer's clock never reaches).
    func dropSlowReplies() {
        for continuation in state.withLock({ state in
            defer { state.slow = [] }
            return state.slow
        }) {
            continuation.resume()
        }
    }

    /// How many 2xx replies reached the person in this run: "sent" is true only after one.
    var deliveredThisRun: Int { state.withLock { $0.delivered } }

    /// Whether a send of this run got no answer that settled it: "not sent" is then not known to be true.
    var outcomeUnknownThisRun: Bool { state.withLock { !$0.unknown.isEmpty } }

    var breaks: [String] { state.withLock { $0.breaks } }

    /// Ends the sends a Ctrl-C left waiting, once their run is over.
    func releaseHanging() {
        for continuation in state.withLock({ state in
            defer {
                state.hanging = []
                state.slow = []
            }
            return state.hanging + state.slow
        }) {
            continuation.resume()
        }
    }
    var requestCount: Int { state.withLock { $0.requests } }

    // MARK: - Transport

    func send(_ request: SubmissionRequest) async throws(TransportError) -> HTTPReply {
        let destination = request.url.absoluteString
        let key = request.headers.first { $0.name.lowercased() == "idempotency-key" }?.value ?? ""
        let body = request.body ?? Data()
        state.withLock { $0.observe }?(body)
        let (behaviour, replay, interrupt) = state.withLock {
            state -> (Behaviour, HTTPReply?, (@Sendable () -> Void)?) in
            state.requests += 1
            state.lastAnswered = false
            // Unknown until an answer settles it; a busy server's 503 says it was not processed.
            state.unknown.insert(key)
            var list = state.sent[destination, default: []]
            if let earlier = list.first(where: { $0.body == body && $0.key != key && !$0.settled }) {
                state.breaks.append(
                    "I2: the same payload went to \(destination) under key \(key) while \(earlier.key) had no answer")
            }
            let isNew = !list.contains(where: { $0.key == key })
            if isNew, let warned = state.warned,
                let latest = list.filter({ !$0.settled && $0.body != body }).map(\.order).max(),
                (warned() ?? 0) < latest
            {
                state.breaks.append(
                    "I2: other data went to \(destination) under a new key with no warning, in this run, that an "
                        + "unanswered send to it (request \(latest)) may have arrived")
            }
            if isNew { list.append(Sent(key: key, body: body, settled: false, order: state.requests)) }
            state.sent[destination] = list
            if let stored = state.stored[destination]?[key] {
                if stored.body != body {
                    return (.created, HTTPReply(status: 422, headers: Self.json, body: Data(Self.keyReused.utf8)), nil)
                }
                return (.created, HTTPReply(status: stored.status, headers: Self.json, body: Data("{}".utf8)), nil)
            }
            let next = state.behaviours.isEmpty ? Behaviour.created : state.behaviours.removeFirst()
            return (next, nil, state.interrupt)
        }
        if let replay {
            settle(destination, key: key, status: replay.status)
            state.withLock { $0.lastAnswered = true }
            return replay
        }
        if ![.lostAfterProcessing, .timedOut, .interruptWhileSending, .slowAfterProcessing].contains(behaviour) {
            state.withLock { $0.lastAnswered = true }
        }
        switch behaviour {
        case .created:
            return answer(destination, key: key, body: body, status: 201, text: #"{"id":"acc_1"}"#)
        case .rejectEmail:
            return answer(
                destination, key: key, body: body, status: 422,
                text: #"{"errors":{"\#(rejected)":["Ese correo no es válido."]}}"#)
        case .echoSecret:
            let quoted = secrets.first { body.range(of: Data($0.utf8)) != nil } ?? "?"
            return answer(
                destination, key: key, body: body, status: 422,
                text: #"{"errors":{"\#(secretField)":["La contraseña \#(quoted) es demasiado común."]}}"#)
        case .duplicate:
            return answer(
                destination, key: key, body: body, status: 409, text: #"{"errors":{"\#(rejected)":["Ya registrado."]}}"#
            )
        case .busyNow:
            state.withLock { _ = $0.unknown.remove(key) }
            return HTTPReply(status: 503, headers: [HTTPHeader(name: "Retry-After", value: "0")])
        case .busyLater:
            state.withLock { _ = $0.unknown.remove(key) }
            return HTTPReply(status: 503, headers: [HTTPHeader(name: "Retry-After", value: "7200")])
        case .tooManyUntilDate:
            state.withLock { _ = $0.unknown.remove(key) }
            return HTTPReply(status: 429, headers: [HTTPHeader(name: "Retry-After", value: Self.httpDate(in: 4_320))])
        case .lostAfterProcessing:
            store(destination, key: key, body: body, status: 201)
            throw .connectionLost(detail: "reset by peer")
        case .timedOut:
            throw .timedOut
        case .interruptWhileSending:
            store(destination, key: key, body: body, status: 201)
            // The process would end here and the reply never come: the send waits until the run is over, so that
            // nothing it holds (the session, its transcript) outlives the run.
            await withCheckedContinuation { continuation in
                state.withLock { $0.hanging.append(continuation) }
                interrupt?()
            }
            throw .cancelled
        case .slowAfterProcessing:
            store(destination, key: key, body: body, status: 201)
            // Slower than the person's patience: only their `:cancelar` (or the run's end) stops the wait.
            await withCheckedContinuation { continuation in
                state.withLock { $0.slow.append(continuation) }
            }
            throw .connectionLost(detail: "the reply never came")
        }
    }

    // MARK: - The model

    private static let json = [HTTPHeader(name: "Content-Type", value: "application/json")]

    /// An HTTP date (IMF-fixdate) `seconds` from now, as `Retry-After` may be written.
    static func httpDate(in seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date().addingTimeInterval(seconds))
    }
    private static let keyReused = #"{"error":"Idempotency-Key reused with another payload"}"#

    private func answer(_ destination: String, key: String, body: Data, status: Int, text: String) -> HTTPReply {
        store(destination, key: key, body: body, status: status)
        settle(destination, key: key, status: status)
        return HTTPReply(status: status, headers: Self.json, body: Data(text.utf8))
    }

    private func store(_ destination: String, key: String, body: Data, status: Int) {
        state.withLock {
            $0.stored[destination, default: [:]][key] = (body, status)
            if status < 300 { $0.processed += 1 }
        }
    }

    /// A reply the person got: 2xx and 4xx (but 408, 425 and 429) end the key's attempt.
    private func settle(_ destination: String, key: String, status: Int) {
        guard (200..<500).contains(status), ![408, 425, 429].contains(status) else { return }
        state.withLock { state in
            state.unknown.remove(key)
            if status < 300 { state.delivered += 1 }
            guard var list = state.sent[destination] else { return }
            for index in list.indices where list[index].key == key { list[index].settled = true }
            state.sent[destination] = list
        }
    }
}
