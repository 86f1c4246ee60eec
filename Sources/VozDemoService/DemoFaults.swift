/// The faults the demo service injects, composable: each counts its own stream of requests.
///
/// Faults touch only `POST` requests, in this order: the first `unavailableFirst` get a 503 from "the proxy"; with
/// `hostile` set, every remaining one gets that hostile reply; otherwise the request is processed, and the first
/// `timeoutFirst` of those processed are held without a reply, while the first `dropAfterCommit` accounts created
/// are committed and then the connection is closed. `GET` endpoints always answer truthfully (only `latency`
/// delays them), so tests and people can see what really happened.
public struct DemoFaults: Sendable, Equatable {
    /// Every reply is delayed by this much. For a `POST` the delay falls while its idempotency key is held in
    /// flight, which is what lets a concurrent retry meet a 409.
    public var latencyMilliseconds: Int
    /// The first N `POST` requests are answered 503 with `Retry-After: 1` and nginx's HTML page.
    public var unavailableFirst: Int
    /// The first N accounts created are committed, then the connection is closed without a reply.
    public var dropAfterCommit: Int
    /// The first N processed `POST` requests are processed (and committed), then held without a reply for
    /// `holdSeconds` or until the client hangs up or the service stops, then dropped.
    public var timeoutFirst: Int
    /// How long a request caught by `timeoutFirst` is held.
    public var holdSeconds: Double
    /// When set, every `POST` past `unavailableFirst` gets this hostile reply instead of being processed.
    public var hostile: HostileMode?

    /// No faults at all.
    public static let none = DemoFaults()

    public init(
        latencyMilliseconds: Int = 0,
        unavailableFirst: Int = 0,
        dropAfterCommit: Int = 0,
        timeoutFirst: Int = 0,
        holdSeconds: Double = 30,
        hostile: HostileMode? = nil
    ) {
        self.latencyMilliseconds = latencyMilliseconds
        self.unavailableFirst = unavailableFirst
        self.dropAfterCommit = dropAfterCommit
        self.timeoutFirst = timeoutFirst
        self.holdSeconds = holdSeconds
        self.hostile = hostile
    }
}
