/// Everything a `DemoService` needs to start: where to listen, where to store, which faults to inject.
public struct DemoConfiguration: Sendable, Equatable {
    /// 127.0.0.1 or ::1; `start()` refuses anything else.
    public var host: String
    /// 0 lets the kernel pick a free port; `start()` returns the real one.
    public var port: Int
    /// The SQLite file; nil for a temporary file that `stop()` removes.
    public var databasePath: String?
    public var faults: DemoFaults
    /// How long a client may take to send a whole request before it is refused (a lying `Content-Length`).
    public var readTimeoutSeconds: Double
    /// libcrypt's yescrypt cost for stored passwords, 1 (1 MiB, fast) to 11. The default, 3, costs 4 MiB and a few
    /// tens of milliseconds per account; tests use 1 so debug builds stay fast.
    public var passwordCost: Int
    /// Whether the service starts with one account already registered, `DemoService.knownEmail`, so a first-time
    /// user of `voz demo` can reach the duplicate e-mail path; `voz serve-demo` starts empty.
    public var seedsKnownAccount: Bool

    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        databasePath: String? = nil,
        faults: DemoFaults = .none,
        readTimeoutSeconds: Double = 5,
        passwordCost: Int = 3,
        seedsKnownAccount: Bool = false
    ) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.faults = faults
        self.readTimeoutSeconds = readTimeoutSeconds
        self.passwordCost = passwordCost
        self.seedsKnownAccount = seedsKnownAccount
    }
}
