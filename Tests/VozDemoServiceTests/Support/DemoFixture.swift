import Foundation
import Testing

@testable import VozDemoService

/// A running demo service for one test, and the requests tests send it.
struct DemoFixture {
    let service: DemoService
    let port: Int

    init(faults: DemoFaults = .none, readTimeoutSeconds: Double = 5, databasePath: String? = nil) throws {
        service = DemoService(
            configuration: DemoConfiguration(
                databasePath: databasePath, faults: faults, readTimeoutSeconds: readTimeoutSeconds,
                passwordCost: PasswordHasher.testCost))
        port = try service.start()
    }

    /// How long a well-formed request waits for its reply. A healthy service answers in milliseconds, but make test
    /// runs hundreds of tests at once on two cores, where a 5 s wait once ran out before a `GET /accounts` was
    /// answered; a hostile request that must be cut off passes its own, shorter timeout.
    static let wellFormedTimeout: Double = 30

    /// `POST /accounts` with a JSON body, and optionally a key and a language.
    func createAccount(
        _ body: String, key: String? = nil, language: String? = nil, timeout: Double = Self.wellFormedTimeout
    ) async -> RawReply? {
        var headers: [String] = []
        if let key { headers.append("Idempotency-Key: \"\(key)\"") }
        if let language { headers.append("Accept-Language: \(language)") }
        return await RawHTTPClient.exchange(
            port: port, bytes: RawHTTPClient.request("POST", "/accounts", body: body, headers: headers),
            timeout: timeout)
    }

    func get(_ path: String) async -> RawReply? {
        await RawHTTPClient.exchange(
            port: port, bytes: RawHTTPClient.request("GET", path), timeout: Self.wellFormedTimeout)
    }

    /// Sends raw bytes, for malformed requests.
    func send(_ text: String, timeout: Double = 5) async -> RawReply? {
        await RawHTTPClient.exchange(port: port, bytes: Array(text.utf8), timeout: timeout)
    }

    /// Whether the service still answers: after every hostile request, it must.
    func isHealthy() async -> Bool {
        await get("/health")?.status == 200
    }

    /// The accounts as `GET /accounts` lists them, over HTTP.
    func listedAccounts() async -> [[String: Any]] {
        guard let body = await get("/accounts")?.body else { return [] }
        return (try? JSONSerialization.jsonObject(with: body)) as? [[String: Any]] ?? []
    }

    func stop() {
        service.stop()
    }

    // MARK: - Bodies

    /// A valid creation body for `email`.
    static func validBody(email: String = "ana@example.com", password: String = "correct horse") -> String {
        """
        {"name": "Ana", "email": "\(email)", "password": "\(password)", "coupon": "BIENVENIDA", "plan": "pro", \
        "terms": true}
        """
    }
}
