/// How many requests each fault has seen; each fault counts its own stream (see `DemoFaults`).
struct FaultCounters: Sendable, Equatable {
    /// Every `POST` so far.
    var posts = 0
    /// `POST`s that got past the 503s and were processed.
    var processed = 0
    /// Accounts created.
    var creations = 0
}
