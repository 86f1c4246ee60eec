/// How many requests each fault has seen; each fault counts its own stream (see `DemoFaults`). Also what the
/// hostile mode that repeats an old password remembers.
struct FaultCounters: Sendable, Equatable {
    /// Every `POST` so far.
    var posts = 0
    /// `POST`s that got past the 503s and were processed.
    var processed = 0
    /// Accounts created.
    var creations = 0
    /// The first password a hostile mode was sent, for the mode that repeats it.
    var firstPassword: String?
}
