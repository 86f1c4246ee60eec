import Foundation
import Synchronization
import VozLocalization

#if canImport(Glibc)
    import Glibc
#endif

/// The embedded demo account service (design §8): HTTP/1.1 on loopback, SQLite storage, idempotency keys and
/// fault injection.
///
/// Usable in-process: `start()` binds and returns the port at once (requests are served on background threads),
/// `stop()` ends every connection, closes the database and removes a temporary one.
public final class DemoService: Sendable {
    public let configuration: DemoConfiguration
    private let state = Mutex(RunState())

    /// What exists only while the service runs.
    private struct RunState: Sendable {
        var listener: ListeningSocket?
        var stop: StopSignal?
        var store: DemoStore?
        var api: DemoAPI?
        var databasePath: String?
        var removesDatabase = false
        var port: Int?
        var connections: DispatchGroup?
        var acceptLoopDone: DispatchSemaphore?
    }

    public init(configuration: DemoConfiguration = DemoConfiguration()) {
        self.configuration = configuration
    }

    deinit {
        stop()
    }

    // MARK: - Lifecycle

    /// Opens the database, binds the loopback address and starts serving; returns the port it listens on.
    @discardableResult
    public func start() throws(DemoServiceError) -> Int {
        guard ListeningSocket.loopbackHosts.contains(configuration.host) else {
            throw .hostNotLoopback(configuration.host)
        }
        guard (0...65_535).contains(configuration.port) else { throw .invalidPort(configuration.port) }
        if state.withLock({ $0.listener != nil }) { throw .alreadyStarted }
        let removesDatabase = configuration.databasePath == nil
        let path = configuration.databasePath ?? Self.temporaryDatabasePath()
        let store: DemoStore
        do {
            store = try DemoStore(path: path)
        } catch {
            if removesDatabase { Self.removeDatabase(at: path) }
            throw .cannotOpenDatabase(path: path, detail: error.message)
        }
        if configuration.seedsKnownAccount { Self.seedKnownAccount(in: store) }
        let stop: StopSignal
        let listener: ListeningSocket
        do {
            stop = try StopSignal()
            listener = try ListeningSocket(host: configuration.host, port: configuration.port)
        } catch {
            store.close()
            if removesDatabase { Self.removeDatabase(at: path) }
            throw error
        }
        let api = DemoAPI(
            store: store, faults: configuration.faults, stop: stop,
            passwords: PasswordHasher(cost: configuration.passwordCost))
        let connections = DispatchGroup()
        let acceptLoopDone = DispatchSemaphore(value: 0)
        state.withLock { state in
            state = RunState(
                listener: listener, stop: stop, store: store, api: api, databasePath: path,
                removesDatabase: removesDatabase,
                port: listener.port, connections: connections, acceptLoopDone: acceptLoopDone)
        }
        let server = DemoServer(
            api: api, stop: stop, readTimeoutSeconds: configuration.readTimeoutSeconds, connections: connections)
        let thread = Thread {
            server.acceptLoop(listener)
            acceptLoopDone.signal()
        }
        thread.name = "voz-demo-accept"
        thread.start()
        return listener.port
    }

    /// Stops serving: wakes every waiting connection, waits for them, closes the database and removes it when it
    /// was temporary. Safe to call more than once.
    public func stop() {
        let running = state.withLock { state -> RunState? in
            guard state.listener != nil else { return nil }
            defer { state = RunState() }
            return state
        }
        guard let running, let stop = running.stop else { return }
        stop.fire()
        let acceptEnded = running.acceptLoopDone?.wait(timeout: .now() + 5) == .success
        let connectionsEnded = running.connections?.wait(timeout: .now() + 5) == .success
        running.listener?.close()
        // A thread still running past the wait may yet poll these descriptors; leaking them is safer than letting
        // a reused number point it at someone else's file.
        if acceptEnded, connectionsEnded {
            stop.close()
        }
        running.store?.close()
        if running.removesDatabase, let path = running.databasePath {
            Self.removeDatabase(at: path)
        }
    }

    // MARK: - Reading state

    /// The port while running, nil otherwise.
    public var port: Int? { state.withLock { $0.port } }

    /// `http://127.0.0.1:PORT` (or `http://[::1]:PORT`) while running.
    public var baseURL: URL? {
        guard let port else { return nil }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return URL(string: "http://\(host):\(port)")
    }

    /// The database file in use while running.
    public var databasePath: String? { state.withLock { $0.databasePath } }

    /// Every request received so far, oldest first (what `GET /requests` lists); empty when not running.
    public func requestLog() -> [DemoRequestRecord] {
        (try? state.withLock { $0.store }?.requestLog()) ?? []
    }

    /// Why each "internal error" reply was sent, oldest first: what a service's own error log would hold, for the
    /// person running it; empty when not running.
    public func internalFailures() -> [String] {
        state.withLock { $0.api }?.internalFailures.withLock { $0 } ?? []
    }

    /// Every account created so far, oldest first (what `GET /accounts` lists); empty when not running.
    public func accounts() -> [DemoAccount] {
        (try? state.withLock { $0.store }?.accounts()) ?? []
    }

    // MARK: - The known account

    /// The e-mail address `voz demo` has registered from the start, which its first lines name.
    public static let knownEmail = "registrada@example.com"

    /// A coupon code that exists but has run out, as `voz demo`'s first lines name it in `language`.
    public static func expiredCoupon(for language: Language) -> String {
        language == .es ? "CADUCADO" : "EXPIRED"
    }

    /// Registers `knownEmail` as a locked account, as `/etc/shadow` writes one (`!`): it exists, so a sign-up with
    /// its address hears the duplicate, and no password opens it. Hashing a random password nobody knows cost 4 MiB
    /// of yescrypt at every start of `voz demo` and bought nothing. A store that already has it is left alone.
    private static func seedKnownAccount(in store: DemoStore) {
        let account = NewAccount(
            id: "known", name: "Demo", email: knownEmail, passwordHash: PasswordHasher.locked, coupon: nil,
            plan: nil, created: DemoClock.timestamp())
        _ = try? store.create(account, reply: StoredReply(status: 201, headers: [], body: Data()), key: nil)
    }

    // MARK: - Files

    private static func temporaryDatabasePath() -> String {
        let name = "voz-demo-\(getpid())-\(UUID().uuidString.lowercased()).sqlite"
        return FileManager.default.temporaryDirectory.appendingPathComponent(name).path
    }

    private static func removeDatabase(at path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            _ = unlink(path + suffix)
        }
    }
}
