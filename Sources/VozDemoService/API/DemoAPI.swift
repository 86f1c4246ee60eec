import Foundation
import Synchronization
import VozForm
import VozJSON
import VozLocalization
import VozSubmission

/// The demo service's HTTP API: routes a parsed request to its handler and applies the faults.
final class DemoAPI: Sendable {
    let store: DemoStore
    let faults: DemoFaults
    private let stop: StopSignal
    private let passwords: PasswordHasher
    private let counters = Mutex(FaultCounters())
    /// Why each 500 happened, oldest first: the reply says only "internal error", as a real service's would.
    let internalFailures = Mutex<[String]>([])

    init(store: DemoStore, faults: DemoFaults, stop: StopSignal, passwords: PasswordHasher) {
        self.store = store
        self.faults = faults
        self.stop = stop
        self.passwords = passwords
    }

    // MARK: - Routing

    /// Decides what to do with one request. Blocking: latency and database work happen here.
    func handle(_ request: HTTPRequest) -> Handling {
        let language = DemoLanguage.preferred(by: request.header("Accept-Language"))
        if let slug = Registration.slug(inPath: request.path) {
            return register(request, slug: slug, language: language)
        }
        let allowed: [String]
        switch request.path {
        case "/health": allowed = ["GET"]
        case "/accounts": allowed = ["GET", "POST"]
        case "/requests", "/openapi.json": allowed = ["GET"]
        default:
            return .reply(problem(.notFound, 404, .notFoundTitle, .notFoundDetail, language))
        }
        guard allowed.contains(request.method) else {
            let allow = HTTPHeader(name: "Allow", value: allowed.joined(separator: ", "))
            return .reply(problem(.methodNotAllowed, 405, .methodTitle, .methodDetail, language, headers: [allow]))
        }
        if request.method == "POST" {
            return createAccount(request, language: language)
        }
        delay()
        do {
            switch request.path {
            case "/health":
                return .reply(json(200, .object([("status", .string("ok"))])))
            case "/openapi.json":
                // Indented, so the lines an audit of it names are lines a person can find.
                return .reply(
                    HTTPResponse(
                        status: 200, headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
                        body: Data(JSONWriter(indent: 2).text(OpenAPIDescription.document).utf8)))
            case "/accounts":
                let accounts = try store.accounts().map { account -> JSONNode in
                    .object([
                        ("id", .string(account.id)), ("email", .string(account.email)),
                        ("created", .string(account.created)),
                    ])
                }
                return .reply(json(200, .array(accounts)))
            default:
                return .reply(json(200, .array(try store.requestLog().map(Self.json))))
            }
        } catch {
            return .reply(internalError(error, request, language))
        }
    }

    // MARK: - Faults

    /// Waits out the configured latency, cut short if the service stops.
    private func delay() {
        if faults.latencyMilliseconds > 0 {
            stop.wait(seconds: Double(faults.latencyMilliseconds) / 1_000)
        }
    }

    private func createAccount(_ request: HTTPRequest, language: Language) -> Handling {
        let post = counters.withLock { counters in
            counters.posts += 1
            return counters.posts
        }
        if post <= faults.unavailableFirst {
            delay()
            return .reply(NginxPage.serviceUnavailable(retryAfterSeconds: 1))
        }
        if let hostile = faults.hostile {
            delay()
            let password = HostileReply.password(in: request)
            let first = counters.withLock { counters in
                if counters.firstPassword == nil, !password.isEmpty { counters.firstPassword = password }
                return counters.firstPassword ?? ""
            }
            switch HostileReply.delivery(for: hostile, request: request, firstPassword: first) {
            case .whole(let response):
                return .reply(response)
            case .drip(let head, let prefix, let interval):
                return Handling(
                    disposition: .drip(head, prefix: prefix, intervalSeconds: interval), status: head.status)
            }
        }
        let processed = counters.withLock { counters in
            counters.processed += 1
            return counters.processed
        }
        var handling = process(request, language: language)
        if handling.status == 201, !handling.replayed {
            let creation = counters.withLock { counters in
                counters.creations += 1
                return counters.creations
            }
            if creation <= faults.dropAfterCommit {
                handling.disposition = .drop
            }
        }
        if processed <= faults.timeoutFirst {
            handling.disposition = .hold(seconds: faults.holdSeconds)
        }
        return handling
    }

    // MARK: - Accounts

    /// `POST /accounts` under the idempotency rules of the IETF httpapi-idempotency-key-header draft.
    private func process(_ request: HTTPRequest, language: Language) -> Handling {
        let body: JSONNode
        switch RequestBody.decode(request) {
        case .success(let value):
            body = value
        case .failure(.unsupportedMediaType):
            return .reply(problem(.unsupportedMediaType, 415, .mediaTypeTitle, .mediaTypeDetail, language))
        case .failure(.notJSON):
            return .reply(problem(.badRequest, 400, .badBodyTitle, .bodyNotJSON, language))
        case .failure(.notObject):
            return .reply(problem(.badRequest, 400, .badBodyTitle, .bodyNotObject, language))
        }
        let key: String?
        switch IdempotencyKey.parse(request.headerValues("Idempotency-Key")) {
        case .success(let parsed): key = parsed
        case .failure:
            return .reply(problem(.idempotencyKeyInvalid, 400, .keyInvalidTitle, .keyInvalidDetail, language))
        }
        do {
            if let key {
                switch try store.reserve(key: key, fingerprint: RequestFingerprint.of(request)) {
                case .reserved:
                    break
                case .replay(let stored):
                    let headers = stored.headers + [HTTPHeader(name: "Idempotent-Replayed", value: "true")]
                    let response = HTTPResponse(status: stored.status, headers: headers, body: stored.body)
                    return .reply(response, replayed: true)
                case .mismatch:
                    let response = problem(.idempotencyKeyReused, 422, .keyReusedTitle, .keyReusedDetail, language)
                    return .reply(response)
                case .inFlight:
                    // The conflict ends when the first request does: Retry-After tells a client this 409, unlike
                    // the duplicate e-mail, is worth retrying with the same key.
                    let response = problem(
                        .idempotencyKeyInFlight, 409, .keyInFlightTitle, .keyInFlightDetail, language,
                        headers: [HTTPHeader(name: "Retry-After", value: "1")])
                    return .reply(response)
                }
            }
            delay()
            let response = try AccountCreation(store: store, language: language, passwords: passwords).create(
                body, key: key)
            if let key, response.status != 201 {
                try store.release(key: key)
            }
            return .reply(response)
        } catch {
            if let key {
                try? store.release(key: key)
            }
            return .reply(internalError(error, request, language))
        }
    }

    // MARK: - Registrations

    /// `POST /events/{slug}/registrations`, with no idempotency store: it keeps nothing, so a replay is harmless.
    private func register(_ request: HTTPRequest, slug: String, language: Language) -> Handling {
        guard request.method == "POST" else {
            let allow = HTTPHeader(name: "Allow", value: "POST")
            return .reply(problem(.methodNotAllowed, 405, .methodTitle, .methodDetail, language, headers: [allow]))
        }
        delay()
        switch RequestBody.decode(request) {
        case .success(let body):
            guard let (status, reply) = Registration.reply(slug: slug, body: body, language: language) else {
                return .reply(problem(.notFound, 404, .notFoundTitle, .notFoundDetail, language))
            }
            if status == 201 { return .reply(json(status, reply)) }
            return .reply(
                HTTPResponse(
                    status: status,
                    headers: [
                        HTTPHeader(name: "Content-Type", value: "application/problem+json"),
                        HTTPHeader(name: "Content-Language", value: language.rawValue),
                    ], body: reply.data))
        case .failure(.unsupportedMediaType):
            return .reply(problem(.unsupportedMediaType, 415, .mediaTypeTitle, .mediaTypeDetail, language))
        case .failure:
            return .reply(problem(.badRequest, 400, .badBodyTitle, .bodyNotJSON, language))
        }
    }

    // MARK: - Replies

    private func problem(
        _ kind: ProblemDetails.Kind, _ status: Int, _ title: DemoText, _ detail: DemoText, _ language: Language,
        headers: [HTTPHeader] = []
    ) -> HTTPResponse {
        ProblemDetails(kind, title: title.text(language), status: status, detail: detail.text(language))
            .response(language: language, extraHeaders: headers)
    }

    /// 500, saying only "internal error" as a real service would; `error` is kept for the person running it.
    private func internalError(_ error: any Error, _ request: HTTPRequest, _ language: Language) -> HTTPResponse {
        internalFailures.withLock { $0.append("\(request.method) \(request.path): \(error)") }
        return problem(.internalError, 500, .internalTitle, .internalDetail, language)
    }

    private func json(_ status: Int, _ value: JSONNode) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: [HTTPHeader(name: "Content-Type", value: "application/json")], body: value.data)
    }

    private static func json(_ record: DemoRequestRecord) -> JSONNode {
        .object([
            ("sequence", .number(Double(record.sequence))), ("time", .string(record.time)),
            ("method", .string(record.method)), ("path", .string(record.path)),
            ("idempotencyKey", record.idempotencyKey.map { .string($0) } ?? .null),
            ("status", .number(Double(record.status))), ("delivered", .bool(record.delivered)),
            ("replayed", .bool(record.replayed)),
        ])
    }
}
